// `npm run mcp:inspect [-- URL]`: connects to a running Course Finder's MCP endpoint with the
// official MCP SDK client, as an assistant would, and lists what it offers: the server, its tools,
// resources and prompts. URL is the endpoint, or the service's address (`/mcp` is added); by
// default http://localhost:$PORT/mcp, PORT 3000.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const given = process.argv[2] ?? `http://localhost:${process.env.PORT || 3000}`;
let url;
try {
  url = new URL(given);
} catch {
  console.error(`Not a URL: ${given}. Usage: npm run mcp:inspect -- http://localhost:3000/mcp`);
  process.exit(2);
}
if (url.pathname === '/') url.pathname = '/mcp';
const client = new Client({ name: 'course-finder-inspect', version: '1.0.0' });
try {
  await client.connect(new StreamableHTTPClientTransport(url));
} catch (error) {
  console.error(
    `Could not connect to ${url}: ${error.message}. Is the service running (npm start)?`,
  );
  process.exit(1);
}
const server = client.getServerVersion();
const firstSentence = (text = '') => text.split(/(?<=\.)\s/)[0];
console.log(`${server.title ?? server.name} ${server.version} at ${url}\n`);
const { tools } = await client.listTools();
console.log('Tools:');
for (const tool of tools) {
  const inputs = Object.keys(tool.inputSchema.properties ?? {}).join(', ') || 'no arguments';
  console.log(`  ${tool.name} (${inputs}): ${firstSentence(tool.description)}`);
}
const { resources } = await client.listResources();
const { resourceTemplates } = await client.listResourceTemplates();
console.log('\nResources:');
for (const resource of [...resources, ...resourceTemplates]) {
  console.log(`  ${resource.uri ?? resource.uriTemplate}: ${firstSentence(resource.description)}`);
}
const { prompts } = await client.listPrompts();
console.log('\nPrompts:');
for (const prompt of prompts) console.log(`  ${prompt.name}: ${firstSentence(prompt.description)}`);
await client.close();
