// jest globalTeardown of the browser suites: the run's one chromium (browser-setup.mjs), closed.
export default async function globalTeardown() {
  await globalThis.courseFinderBrowser?.close();
}
