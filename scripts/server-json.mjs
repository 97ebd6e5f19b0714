// `npm run mcp:server-json [-- --out FILE]`: writes the server.json that publishes this deployment
// in the MCP Registry (docs/mcp.md#publishing-to-the-mcp-registry), from the environment the service
// reads (PUBLIC_URL, SITE_URL) and through the function its server card comes from
// (`registryServerJson` in src/site/discovery.ts), so the two cannot drift. Writes ./server.json,
// where `mcp-publisher publish` looks, unless --out names another file. It runs the build (dist/),
// which the npm script brings up to date first.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'server.json' } } });
const { AppConfig } = await import('../dist/core/config.js');
const { siteLinks } = await import('../dist/site/links.js');
const { registryServerJson } = await import('../dist/site/discovery.js');

try {
  const config = AppConfig.fromEnv();
  const server = registryServerJson(siteLinks(config), config.publicUrl, config.siteUrl);
  writeFileSync(values.out, `${JSON.stringify(server, null, 2)}\n`);
  console.log(
    `Wrote ${values.out}: ${server.name}, version ${server.version}, ${server.remotes[0].url}`,
  );
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}
