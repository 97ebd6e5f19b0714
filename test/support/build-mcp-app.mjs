// jest globalSetup: the MCP server serves the app from its build, so the tests build it first.
import { buildMcpApp } from '../../scripts/build-mcp-app.mjs';

export default async function globalSetup() {
  await buildMcpApp();
}
