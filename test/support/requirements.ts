import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Suites that need Redis, a browser, kubectl or a PID namespace run when it is there and are
 * skipped with a message otherwise; REQUIRE_REDIS=1 / REQUIRE_BROWSER=1 / REQUIRE_KUBECTL=1 /
 * REQUIRE_PID_NAMESPACE=1 (set by CI) turn the skip into a failure.
 */

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

function requirement(
  name: string,
  present: boolean,
  required: boolean,
  why: string,
): jest.Describe {
  if (present) return describe;
  if (required) {
    // Registers a failing test so the run cannot pass without the service.
    return ((title: string) =>
      describe(title, () => {
        it(`needs ${name}`, () => {
          throw new Error(`${name} is required (${why}) but not available`);
        });
      })) as unknown as jest.Describe;
  }
  console.warn(`Skipping suites that need ${name}: ${why}.`);
  return describe.skip;
}

/** `describeWithRedis(...)`: runs when REDIS_URL is set. */
export const describeWithRedis = requirement(
  'Redis',
  Boolean(process.env.REDIS_URL),
  process.env.REQUIRE_REDIS === '1',
  'set REDIS_URL, e.g. redis://127.0.0.1:6379',
);

/** `describeWithBrowser(...)`: runs when Debian's chromium is installed. */
export const describeWithBrowser = requirement(
  'a browser',
  existsSync(CHROMIUM_PATH),
  process.env.REQUIRE_BROWSER === '1',
  `install Debian's chromium (${CHROMIUM_PATH})`,
);

/** `describeWithKubectl(...)`: runs when kubectl (whose built-in kustomize renders deploy/) is on the PATH. */
export const describeWithKubectl = requirement(
  'kubectl',
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, 'kubectl'))),
  process.env.REQUIRE_KUBECTL === '1',
  'install kubectl; its built-in kustomize renders deploy/',
);

/**
 * `describeWithPidNamespace(...)`: runs where `unshare --pid --fork` works (root, or a user namespace
 * allowed), so the built server can run as PID 1, as in a container without an init.
 */
export const describeWithPidNamespace = requirement(
  'a PID namespace',
  spawnSync('unshare', ['--pid', '--fork', '--kill-child', 'true'], { stdio: 'ignore' }).status ===
    0,
  process.env.REQUIRE_PID_NAMESPACE === '1',
  'util-linux `unshare --pid --fork` must work here (as root, or with user namespaces allowed)',
);
