// ESLint 10 flat config with typescript-eslint (which supports TypeScript < 6.1, hence TS 6.0).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

/**
 * Import direction, enforced here rather than by eye (DESIGN §7, issue 10). Every file of
 * apps/server/src and apps/web/src belongs to one element below; a policy says which elements
 * an element may import. Imports within one element are free. Tests and test helpers may import
 * anything (they are not part of the running graph).
 *
 * Server, bottom to top:
 *   base (errors.ts, clock.ts, config.ts, constants/) <- db, jobs <- auth <- providers <- sync
 *   <- platform (the plugin interface) <- http core and features <- composition (http/app.ts,
 *   server.ts, index.ts, cli/).
 * Infrastructure never imports a feature. A feature imports infrastructure, and of another
 * feature only its public surface: `features/<name>/index.ts` (what it exports on purpose).
 * A feature's `plugin.ts` is imported only by the list in `features/index.ts`.
 *
 * Web: shared <- features <- app. A feature imports shared/, and of another feature only its
 * `index.ts`; shared/ imports no feature; nothing but main.tsx imports app/. The router (app/)
 * may load any feature's page.
 */
const serverElements = [
  { type: 'server-base', pattern: `${SERVER}/constants` },
  { type: 'server-composition', pattern: `${SERVER}/cli` },
  { type: 'server-testing', pattern: `${SERVER}/testing` },
  { type: 'server-feature', pattern: `${SERVER}/features/*`, capture: ['feature'] },
  { type: 'server-db', pattern: `${SERVER}/db` },
  { type: 'server-jobs', pattern: `${SERVER}/jobs` },
  { type: 'server-auth', pattern: `${SERVER}/auth` },
  { type: 'server-providers', pattern: `${SERVER}/providers` },
  { type: 'server-sync', pattern: `${SERVER}/sync` },
  { type: 'server-platform', pattern: `${SERVER}/platform` },
  { type: 'server-http', pattern: `${SERVER}/http` },
].map((element) => ({ partialMatch: false, ...element }));

const webElements = [
  { type: 'web-app', pattern: `${WEB}/app` },
  { type: 'web-feature', pattern: `${WEB}/features/*`, capture: ['feature'] },
  { type: 'web-shared', pattern: `${WEB}/shared` },
  { type: 'web-test', pattern: `${WEB}/test` },
].map((element) => ({ partialMatch: false, ...element }));

/** Single files that play a part of their own (element descriptors describe folders). */
const fileParts = [
  { category: 'server-base', pattern: `${SERVER}/{errors,clock,config}.ts` },
  { category: 'server-composition', pattern: [`${SERVER}/{server,index}.ts`, `${SERVER}/http/app.ts`] },
  { category: 'server-features-list', pattern: `${SERVER}/features/{index,registry}.ts` },
  { category: 'web-main', pattern: `${WEB}/main.tsx` },
  { category: 'test', pattern: ['**/*.test.{ts,tsx}', '**/testing/**', `${SERVER}/db/testing.ts`, `${WEB}/test/**`] },
];

/** A part of the code: a folder element of that type, or a single file of that category. */
const part = (name) => [{ element: { type: name } }, { file: { categories: name } }];
const parts = (...names) => names.flatMap(part);
/** Another feature's public surface: its index.ts, nothing else of its folder. */
const publicSurfaceOf = (type) => ({ element: { type, fileInternalPath: ['index.ts', 'index.tsx'] } });

const serverInfrastructure = ['server-base', 'server-db', 'server-jobs', 'server-auth', 'server-providers', 'server-sync', 'server-platform'];

const importDirection = {
  default: 'disallow',
  policies: [
    // Server infrastructure, each layer over the ones below it.
    { from: part('server-base'), allow: { to: parts('server-base') } },
    { from: part('server-db'), allow: { to: parts('server-base') } },
    { from: part('server-jobs'), allow: { to: parts('server-base') } },
    { from: part('server-auth'), allow: { to: parts('server-base', 'server-db', 'server-jobs') } },
    { from: part('server-providers'), allow: { to: parts('server-base', 'server-db', 'server-auth') } },
    { from: part('server-sync'), allow: { to: parts('server-base', 'server-db', 'server-jobs', 'server-auth', 'server-providers') } },
    {
      from: part('server-platform'),
      allow: { to: parts('server-base', 'server-db', 'server-jobs', 'server-auth', 'server-providers', 'server-sync') },
    },
    { from: part('server-http'), allow: { to: parts(...serverInfrastructure) } },
    // Features: infrastructure, the function types, and other features' index.ts only.
    { from: part('server-feature'), allow: { to: [...parts(...serverInfrastructure, 'server-features-list'), publicSurfaceOf('server-feature')] } },
    // The one list of plugins reads each feature's plugin.ts.
    {
      from: part('server-features-list'),
      allow: { to: [...parts('server-platform'), { element: { type: 'server-feature', fileInternalPath: 'plugin.ts' } }] },
    },
    // The composition root wires everything, reaching features through the list or their index.ts.
    {
      from: part('server-composition'),
      allow: {
        to: [...parts(...serverInfrastructure, 'server-http', 'server-composition', 'server-features-list'), publicSurfaceOf('server-feature')],
      },
    },
    { from: part('server-testing'), allow: { to: [{ element: { type: '*' } }, { file: { categories: '*' } }] } },

    // Web: shared <- features <- app <- main.
    { from: part('web-shared'), allow: { to: parts('web-shared') } },
    { from: part('web-feature'), allow: { to: [...part('web-shared'), publicSurfaceOf('web-feature')] } },
    { from: part('web-app'), allow: { to: parts('web-shared', 'web-feature') } },
    { from: part('web-main'), allow: { to: parts('web-shared', 'web-feature', 'web-app') } },
    { from: part('web-test'), allow: { to: parts('web-shared') } },

    // Tests (and a feature's own testing/ helpers) may import whatever they exercise.
    { from: part('test'), allow: { to: [{ element: { type: '*' } }, { file: { categories: '*' } }] } },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [`${SERVER}/**/*.ts`, `${WEB}/**/*.{ts,tsx}`],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [...serverElements, ...webElements],
      'boundaries/files': fileParts,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', importDirection],
    },
  },
  {
    // No import cycles in the server: a cycle means two modules are one, or a layer leaks.
    files: [`${SERVER}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js'] })],
      // import-x reads only .js files unless told that .ts files are modules, and how to parse them.
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
