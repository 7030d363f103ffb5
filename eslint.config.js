// Lint rules that encode docs/architecture.md (decision 0023): the layers of the
// server and of the web app (eslint-plugin-boundaries), typed checks for promises
// nobody awaits, no `any`, no focused tests and no barrel `export *`.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

/**
 * The layers (docs/architecture.md). A module's files are its routes, its
 * services, its repos and its pure rules; other modules, and the wiring root,
 * reach it only through its public entry (`index.ts`).
 */
const inModule = (type, pattern) => ({
  type,
  mode: 'full',
  pattern: [pattern].flat().map((p) => `${SERVER}/modules/*/${p}`),
  capture: ['name'],
});
const elements = [
  {
    type: 'server-root',
    mode: 'full',
    pattern: [`${SERVER}/{main,app,container,startup,worker,job-handlers}.ts`, `${SERVER}/cli/**`],
  },
  {
    type: 'server-infra',
    mode: 'full',
    pattern: [`${SERVER}/{config,logger,errors}.ts`, `${SERVER}/config/**`, `${SERVER}/http/**`],
  },
  { type: 'server-db', mode: 'full', pattern: `${SERVER}/db/**` },
  inModule('module-entry', 'index.ts'),
  inModule('module-routes', ['routes.ts', '*-routes.ts']),
  inModule('module-repo', ['repo.ts', '*-repo.ts']),
  // Pure rules (no I/O, nothing else of the module): any layer of the module may use them.
  inModule('module-rules', ['*-{rules,states,filter}.ts', 'standing.ts']),
  inModule('module-service', '*'),
  {
    type: 'web-app',
    mode: 'full',
    pattern: [`${WEB}/app/**`, `${WEB}/main.tsx`, `${WEB}/boot.ts`, `${WEB}/*.css`],
  },
  { type: 'web-feature', mode: 'full', pattern: `${WEB}/features/*/**`, capture: ['name'] },
  { type: 'web-shared', mode: 'full', pattern: `${WEB}/shared/**` },
];

const own = (type) => [type, { name: '${from.name}' }];

const layerRules = [
  // The wiring root builds everything, through each module's public entry.
  { from: 'server-root', allow: ['server-root', 'server-infra', 'server-db', 'module-entry'] },
  { from: 'server-infra', allow: ['server-infra'] },
  { from: 'server-db', allow: ['server-db'] },
  {
    from: 'module-entry',
    allow: [own('module-routes'), own('module-service'), own('module-repo'), own('module-rules')],
  },
  { from: 'module-rules', allow: [own('module-rules'), 'server-infra'] },
  // ...and name the shapes they rule on: types only.
  {
    from: 'module-rules',
    allow: [own('module-service'), own('module-repo'), 'server-db'],
    importKind: 'type',
  },
  // routes -> services (their own module's, or another's through its entry)
  {
    from: 'module-routes',
    allow: [own('module-service'), own('module-rules'), 'module-entry', 'server-infra'],
  },
  // services -> repos; the database's table types for the transactions they span
  {
    from: 'module-service',
    allow: [
      own('module-service'),
      own('module-repo'),
      own('module-rules'),
      'module-entry',
      'server-infra',
      'server-db',
    ],
  },
  // repos -> db
  {
    from: 'module-repo',
    allow: [own('module-repo'), own('module-rules'), 'server-db', 'server-infra'],
  },
  // A repo may name its own module's shapes: types only, never a service's code.
  { from: 'module-repo', allow: [own('module-service')], importKind: 'type' },
  // The one exception: an issue's search rows are written in its publish transaction.
  { from: [['module-repo', { name: 'editions' }]], allow: [['module-entry', { name: 'search' }]] },
  // web: app -> features -> shared
  { from: 'web-app', allow: ['web-app', 'web-feature', 'web-shared'] },
  { from: 'web-feature', allow: [own('web-feature'), 'web-shared'] },
  { from: 'web-shared', allow: ['web-shared'] },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/.data-*/**',
      'test-results/**',
      '**/.stryker-tmp/**',
      '**/reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'No barrel `export *`; export names explicitly.',
        },
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: 'No focused tests (.only).',
        },
      ],
    },
  },
  {
    // Typed rules: a promise nobody awaits loses its error (and, in a route, its
    // answer); a promise where a plain function was expected is never waited for.
    files: ['{apps,packages}/*/{src,test,sim}/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*.config.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: [`${SERVER}/**/*.ts`, `${WEB}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', '**/*test-kit.{ts,tsx}', `${WEB}/test/**`],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': [`${SERVER}/**/*`, `${WEB}/**/*`],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: layerRules,
          message:
            '${file.type} ${file.name} must not import ${dependency.type} ${dependency.name} (see docs/architecture.md)',
        },
      ],
      'boundaries/no-unknown': 'error',
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
