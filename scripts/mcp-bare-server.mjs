// The MCP baseline of `npm run bench`: a stateless MCP server built directly on
// @modelcontextprotocol/server and /node, as their README shows for plain node:http (a server and a
// transport per request, JSON responses), with one tool: recommend_courses, answering the same
// body as the service. Every body is made before it listens (the service's own
// RecommendationsService over the same data and URLs, for every set of answers), so a call costs
// the protocol and nothing else: no Nest, no library, no guards, no rate limit, no scoring: the
// most MCP can do on this stack for this answer.
//
//   node scripts/mcp-bare-server.mjs <port> <site-url>   (after the build; sends 'ready' over IPC)
//
// DATA_DIR, as for the service, names the data it serves (`npm run bench -- --catalog N`).
import { createServer } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const [port, siteUrl] = process.argv.slice(2);
const { loadDataset } = await import('../dist/catalog/dataset.js');
const { buildCatalog } = await import('../dist/catalog/derive.js');
const { ANSWER_NAMES, QUESTIONS } = await import('../dist/catalog/vocabulary.js');
const { RecommendationsService } =
  await import('../dist/recommendations/recommendations.service.js');

const catalog = buildCatalog(
  loadDataset(process.env.DATA_DIR || './data'),
  new Date().toISOString().slice(0, 10),
  {
    siteUrl,
    baseUrl: `${siteUrl}/api/v1`,
  },
);
const recommendations = new RecommendationsService({ current: () => catalog });
const answers = z.strictObject(
  Object.fromEntries(
    ANSWER_NAMES.map((name) => [name, z.enum(Object.keys(QUESTIONS[name].values))]),
  ),
);
/** Every set of answers, in the questions' order, as a key of `bodies`. */
const keyOf = (given) => ANSWER_NAMES.map((name) => given[name]).join(' ');
let sets = [{}];
for (const name of ANSWER_NAMES) {
  sets = sets.flatMap((set) =>
    Object.keys(QUESTIONS[name].values).map((value) => ({ ...set, [name]: value })),
  );
}
// The wire body (`{data, meta}`), as the service's envelope interceptor writes it.
const bodies = new Map(sets.map((set) => [keyOf(set), recommendations.recommend(set).body()]));

function mcpServer() {
  const server = new McpServer({ name: 'course-finder-bare', version: '1.0.0' });
  server.registerTool('recommend_courses', { inputSchema: answers }, (given) => {
    const body = bodies.get(keyOf(given));
    return { structuredContent: body, content: [{ type: 'text', text: JSON.stringify(body) }] };
  });
  return server;
}

createServer(async (req, res) => {
  const server = mcpServer();
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));

// A normal exit on a signal, so that `node --cpu-prof` writes its profile.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
