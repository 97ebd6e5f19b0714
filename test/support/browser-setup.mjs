// jest globalSetup of the browser suites: the bundles, as for every end-to-end suite, and one
// Debian chromium for the whole run, which each suite connects to (test/support/browser.ts
// `sharedBrowser`): a launch costs a second or more of CPU, seven times over otherwise. Launched
// with playwright-core's `launchServer`; its endpoint reaches the suites in the environment their
// workers inherit. Where chromium is absent, the suites skip (or fail with REQUIRE_BROWSER=1).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import bundle from './bundle.mjs';

const CHROMIUM_PATH = '/usr/bin/chromium';
const BROWSER_ENDPOINT = 'COURSE_FINDER_BROWSER_WS';

export default async function globalSetup() {
  await bundle();
  if (!existsSync(CHROMIUM_PATH)) return;
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  globalThis.courseFinderBrowser = server;
  process.env[BROWSER_ENDPOINT] = server.wsEndpoint();
}
