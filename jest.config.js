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

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|e2e-spec)\\.ts$',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|uid|load-esm|token-types|strtok3|@tokenizer|@modelcontextprotocol/ext-apps)/)',
  ],
  // The MCP App and the worker threads run from dist/: built before any suite starts, when stale.
  globalSetup: '<rootDir>/test/support/build.mjs',
  // Services the suites start as child processes inherit it: nothing fetches from off the machine.
  setupFiles: ['<rootDir>/test/support/offline.js'],
  testTimeout: 30000,
};
