import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * The import direction of `src/` (README, Layout): core ← catalog ← features ← faces, with ops and
 * openapi beside core and the edge wrapping the faces. Each folder may import only the folders
 * below it, so no two folders can import each other. The root files (app.module, bootstrap, main)
 * put everything together.
 */
const FEATURES = ['courses', 'recommendations', 'comparisons', 'methodology', 'finder', 'changes'];
const FOLDERS = [
  'core',
  'catalog',
  'ops',
  'openapi',
  'edge',
  ...FEATURES,
  'mcp',
  'site',
  'data-tools',
];
const MAY_IMPORT = {
  core: [],
  catalog: ['core'],
  ops: ['core'],
  openapi: ['core', 'edge/policies'],
  edge: ['core', 'catalog', 'ops'],
  ...Object.fromEntries(
    FEATURES.map((feature) => [feature, ['core', 'catalog', 'openapi', 'edge/policies']]),
  ),
  mcp: ['core', 'catalog', 'ops/operation-span.interceptor', ...FEATURES],
  site: [
    'core',
    'catalog',
    ...FEATURES,
    'edge/policies',
    'edge/http-error.filter',
    'mcp/server-info',
  ],
  'data-tools': ['core', 'catalog', 'recommendations'],
};
/**
 * A library's unexported files: a deep path into a Nest package, or into any package's build
 * folder. They can move or change in any release; the package's entry points are its promise.
 */
const LIBRARY_INTERNALS = {
  group: ['@nestjs/*/**', '**/dist/**', '!./**', '!../**'],
  message: "A library's unexported file: import the package's entry point.",
};
const importDirection = FOLDERS.map((folder) => {
  const allowed = MAY_IMPORT[folder];
  const forbidden = FOLDERS.filter((other) => other !== folder);
  return {
    files: [`src/${folder}/**/*.ts`],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            LIBRARY_INTERNALS,
            {
              // An import that climbs out of this folder into another one.
              group: forbidden.flatMap((other) => [`../${other}/**`, `../../${other}/**`]),
              message: `src/${folder} may import only ${allowed.join(', ') || 'itself'} (README, Layout).`,
            },
          ].map((pattern) => ({
            ...pattern,
            group: [
              ...pattern.group,
              ...allowed.flatMap((path) => [
                `!../${path}`,
                `!../${path}/**`,
                `!../../${path}`,
                `!../../${path}/**`,
              ]),
            ],
          })),
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-output', 'bench-results'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The root files; each folder's own entry below adds its import direction.
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [LIBRARY_INTERNALS] }] },
  },
  ...importDirection,
  {
    // A source file a reader can hold at once: split it before it reaches 300 lines.
    files: ['src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // Libraries through their documented hooks: no private field or metadata key of theirs.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^(_requestHandlers|commonOptions|throttlers)$/]',
          message: "A library's private field: use its documented options or hooks.",
        },
        {
          // `socket._httpMessage`, `keyv._store`: by convention private, whoever's object it is.
          // MCP's `_meta` is protocol, not private; `this._x` is a class's own.
          selector:
            "MemberExpression[object.type!='ThisExpression']:matches([property.name=/^_(?!meta$)/], [property.value=/^_(?!meta$)/])",
          message:
            "A private member of a library's or Node's object: use its documented options or hooks.",
        },
        {
          selector: 'Literal[value=/^THROTTLER:/]',
          message: "@nestjs/throttler's private metadata key: use its decorators.",
        },
        {
          // `server.setRequestHandler = …`: replacing an object's method (a library's, typically)
          // changes it for every caller and breaks silently when the library changes.
          selector:
            "AssignmentExpression[left.type='MemberExpression'][left.object.type!='ThisExpression']:matches([right.type=/^(ArrowFunctionExpression|FunctionExpression|TSAsExpression)$/], [right.callee.property.name='bind'])",
          message:
            "Do not replace an object's method: extend a library through its documented options or hooks.",
        },
      ],
    },
  },
  {
    // The MCP App's bridge takes its event handlers as properties (`app.ontoolresult = …`).
    files: ['src/mcp/app/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The MCP App and the test host page run in a browser frame.
    files: ['src/mcp/app/**/*.ts', 'test/support/mcp-host.mjs'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Tests poke at untyped JSON bodies and broken fixtures.
    files: ['test/**/*.ts', 'src/**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
