// NestJS 12 ships ESM only; jest's module loader needs those packages transformed to CommonJS.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|uid|load-esm|token-types|strtok3|@tokenizer|@modelcontextprotocol/ext-apps|feed)/)',
  ],
  // Services the suites start as child processes inherit it: nothing fetches from off the machine.
  setupFiles: ['<rootDir>/test/support/offline.js'],
};

/** The suites that run the built service as a process of its own (`*.process.e2e-spec.ts`). */
const PROCESS_SUITES = '\\.process\\.e2e-spec\\.ts$';
/** The suites that drive Debian's chromium (`*.browser.e2e-spec.ts`). */
const BROWSER_SUITES = '\\.browser\\.e2e-spec\\.ts$';

/** The projects named by `--selectProjects` (either form), or none when it is not given. */
function selectedProjects(argv = process.argv) {
  const names = [];
  argv.forEach((arg, i) => {
    const [flag, value] = arg.split(/=(.*)/s);
    if (flag !== '--selectProjects') return;
    if (value !== undefined) return names.push(value);
    for (const next of argv.slice(i + 1)) {
      if (next.startsWith('-')) break;
      names.push(next);
    }
  });
  return names;
}

/**
 * Whether the run has suites that need Redis or a browser: REDIS_URL is set, or the browser project
 * runs (it is selected, or no project is named) where Debian's chromium is installed.
 */
function redisOrBrowser() {
  if (process.env.REDIS_URL || process.env.REQUIRE_BROWSER === '1') return true;
  const selected = selectedProjects();
  const browserRuns = selected.length === 0 || selected.includes('browser');
  return browserRuns && require('node:fs').existsSync('/usr/bin/chromium');
}

module.exports = {
  // At least two at a time, however few the cores: the suites wait on sockets, child processes and
  // a browser much of the time. Without Redis and a browser, one more than that: the suites'
  // waits (a build, a service's start and drain, a fault's timeout, a child process on one core)
  // leave a core idle otherwise; three on two cores finished sooner at the same CPU (156 s against
  // 181 s, and 167 s against 173 s, on a machine shared with other work). With them, two: a third
  // made the Redis suites' counts and the browser suites' axe checks run late.
  maxWorkers:
    Math.max(2, require('node:os').availableParallelism() - 1) + (redisOrBrowser() ? 0 : 1),
  projects: [
    // Unit specs beside pure code: run from src/, with nothing built first.
    { ...common, displayName: 'unit', roots: ['<rootDir>/src'], testRegex: '\\.spec\\.ts$' },
    // End-to-end suites boot the app from src/; what it runs from a bundle (the MCP App, the
    // methodology page's worker) is bundled first by esbuild, when a source is newer. Those that
    // drive a browser (`*.browser.e2e-spec.ts`) wait on Chromium and axe beside the other suites:
    // a test of theirs may take two minutes.
    {
      ...common,
      displayName: 'e2e',
      roots: ['<rootDir>/test'],
      testRegex: '\\.e2e-spec\\.ts$',
      testPathIgnorePatterns: [PROCESS_SUITES, BROWSER_SUITES],
      globalSetup: '<rootDir>/test/support/bundle.mjs',
    },
    {
      ...common,
      displayName: 'browser',
      roots: ['<rootDir>/test'],
      testRegex: BROWSER_SUITES,
      // The bundles, and one chromium for the run that every suite connects to.
      globalSetup: '<rootDir>/test/support/browser-setup.mjs',
      globalTeardown: '<rootDir>/test/support/browser-teardown.mjs',
      // Two minutes a test (jest takes `testTimeout` for the whole run only).
      setupFilesAfterEnv: ['<rootDir>/test/support/browser-timeout.js'],
    },
    // The built service in a process of its own (signals, `npm start`, production dependencies,
    // tracing loaded first): compiled when a source is newer than dist/, beside the first suites,
    // and each of these suites waits for it.
    {
      ...common,
      displayName: 'process',
      roots: ['<rootDir>/test'],
      testRegex: PROCESS_SUITES,
      globalSetup: '<rootDir>/test/support/build.mjs',
      setupFilesAfterEnv: ['<rootDir>/test/support/wait-for-build.ts'],
    },
  ],
  testTimeout: 30_000,
};
