// jest globalSetup of the end-to-end suites: the suites run the server from src/, but two parts of
// it run from their bundles, as in production (scripts/bundle.mjs): the MCP App and the methodology
// page's worker. Each is bundled again when a file of src/ is newer than it (a fraction of a
// second); nothing else is built.
import { APP_HTML, bundleMcpApp, bundleWorker, stale, WORKER_JS } from '../../scripts/bundle.mjs';

export default async function globalSetup() {
  if (stale(APP_HTML)) await bundleMcpApp();
  if (stale(WORKER_JS)) await bundleWorker();
}
