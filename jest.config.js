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
    '/node_modules/(?!(@nestjs|file-type|uid|load-esm|token-types|strtok3|@tokenizer|@modelcontextprotocol/ext-apps)/)',
  ],
  // Services the suites start as child processes inherit it: nothing fetches from off the machine.
  setupFiles: ['<rootDir>/test/support/offline.js'],
};

/** The suites that run the built service as a process of its own (`*.process.e2e-spec.ts`). */
const PROCESS_SUITES = '\\.process\\.e2e-spec\\.ts$';

module.exports = {
  // At least three at a time, however few the cores: the suites wait on sockets, child processes
  // and a browser much of the time (on two cores, three workers finish sooner than two).
  maxWorkers: Math.max(3, require('node:os').availableParallelism() - 1),
  projects: [
    // Unit specs beside pure code: run from src/, with nothing built first.
    { ...common, displayName: 'unit', roots: ['<rootDir>/src'], testRegex: '\\.spec\\.ts$' },
    // End-to-end suites boot the app from src/; what it runs from a bundle (the MCP App, the
    // methodology page's worker) is bundled first by esbuild, when a source is newer.
    {
      ...common,
      displayName: 'e2e',
      roots: ['<rootDir>/test'],
      testRegex: '\\.e2e-spec\\.ts$',
      testPathIgnorePatterns: [PROCESS_SUITES],
      globalSetup: '<rootDir>/test/support/bundle.mjs',
    },
    // The built service in a process of its own (signals, `npm start`, production dependencies,
    // tracing loaded first): `npm run build` first, when a source is newer than dist/.
    {
      ...common,
      displayName: 'process',
      roots: ['<rootDir>/test'],
      testRegex: PROCESS_SUITES,
      globalSetup: '<rootDir>/test/support/build.mjs',
    },
  ],
  testTimeout: 30000,
};
