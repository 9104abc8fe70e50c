// `npm run lint`: one flat config for every workspace. TypeScript is linted with type information (each
// file's own tsconfig.json, found by the project service); plain JavaScript (webpack configs, loaders,
// scripts) without it, since no tsconfig includes it.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The house error value, `{ statusCode, messageKey, fields? }`: thrown and rejected as is, like an Error. The
 * path is read from each workspace's folder (the program's directory), so `../shared/…` names the one file
 * from `shared` itself and from every sibling.
 */
const apiError = [{ from: 'file', name: 'ApiError', path: '../shared/src/api/apiError.ts' }];

export default defineConfig(
  {
    // Build output, test and bench output, the embedded database (DATA_DIR, by default ./data, also where a
    // workspace's own run puts it), generated migrations and data. JSON is never linted.
    ignores: [
      '**/dist/**',
      '**/coverage/**',
      '**/data/**',
      '**/test-results/**',
      '.bench/**',
      '.scratch/**',
      'scripts/.shot.mjs',
      'api/drizzle/**',
      '**/*.generated.*',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // The API's drizzle config sits outside every tsconfig.json: it gets the base compiler options.
          allowDefaultProject: ['api/drizzle.config.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      // Off: an `async` function without `await` is how this code base says "returns a promise". Fastify
      // plugins and route handlers are async by contract (the returned value is the answer, no `done`), and
      // test doubles of promise-returning APIs are `async () => value`, so a `throw` in them rejects.
      '@typescript-eslint/require-await': 'off',
      // Errors are values with a message key (docs/product.md#messages): an ApiError may be thrown or rejected, and a
      // caught `unknown` passed on unchanged.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: apiError, allowRethrowing: true, allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allow: apiError, allowThrowingUnknown: true }],
      // node:test's `describe` and `it` return promises that the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] }] },
      ],
      // A leading underscore names a parameter kept for its position; rest siblings drop a property from a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // React lives in the browser packages only; the API and the e2e specs have none (e2e's `use…` helpers
    // are node:test fixtures, not hooks).
    files: ['{shared,shell,mfe-*}/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
  },
  {
    // No import circle, within a workspace or across them (docs/architecture.md#the-workspaces). The rule passes
    // over type-only imports, which vanish when compiled; the domain keeps free of those circles too, by keeping
    // each type beside what it describes.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...workspaceBoundaries(),
  {
    // A text's key is checked against the locale files by i18next's types (shared/types/i18next.d.ts): a cast
    // on a t() argument would switch that check off. A dynamic key is a typed union of keys that exist.
    files: ['**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['TSAsExpression', 'TSTypeAssertion', 'TSNonNullExpression'].flatMap((cast) => [
          {
            selector: `CallExpression[callee.name=/^t[a-zA-Z]*$/] > ${cast}, CallExpression[callee.property.name='t'] > ${cast}`,
            message: 'No cast on a text key: type the key as a union of keys that exist.',
          },
          {
            selector: `CallExpression[callee.name=/^t[a-zA-Z]*$/] > ArrayExpression > ${cast}, CallExpression[callee.property.name='t'] > ArrayExpression > ${cast}`,
            message: 'No cast on a text key: type the key as a union of keys that exist.',
          },
        ]),
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // Webpack configs and loaders of the browser packages are CommonJS (their package.json has no "type"):
    // `require` is how they import.
    files: ['**/*.cjs', '{shell,mfe-*}/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // API and end-to-end tests read the server's answers as untyped JSON (`res.json()` is `any` by design)
    // and their assertions are the check of that shape: typing each answer first would restate the response
    // schemas the tests exist to verify. Everything else, floating promises included, still applies.
    files: ['api/test/**/*.ts', 'api/fuzz/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);

/**
 * The house as drawn (docs/architecture.md#the-workspaces): a remote imports `shared` and nothing of the shell
 * or another remote (pages reach each other by URL, never by import); the shell reaches remotes only through
 * the federation (`mfe_jobs/JobPage`), never their sources; `shared` and the API import no workspace. In the
 * browser packages the router comes through `@tasko/shared/router`, the module the federation shares as one
 * singleton (shared/src/router/index.ts): a direct import would build a second copy of the router, whose
 * hooks do not see the page's <BrowserRouter>, and would make a remote carry the whole package.
 */
function workspaceBoundaries() {
  const router = {
    paths: [
      {
        name: 'react-router-dom',
        message: "Import it from '@tasko/shared/router' (the shared router module); add the name there if it is missing.",
      },
    ],
    patterns: [
      { group: ['react-router-dom/*', 'react-router', 'react-router/*'], message: "Import the router from '@tasko/shared/router'." },
    ],
  };
  const sources = (names) => names.flatMap((name) => [`@tasko/${name}`, `@tasko/${name}/*`, `**/${name}/src/**`, `**/${name}/src`]);
  const remotes = ['mfe-jobs', 'mfe-services', 'mfe-posting', 'mfe-content', 'mfe-account'];
  const boundary = (files, forbidden, message, withRouter, { ignores = [], more = [] } = {}) => ({
    files,
    ignores: [...(withRouter ? ['shared/src/router/**'] : []), ...ignores],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: withRouter ? router.paths : [],
          patterns: [...(withRouter ? router.patterns : []), { group: forbidden, message }, ...more],
        },
      ],
    },
  });
  const noWorkspace = [...sources(['shell', 'api', ...remotes]), 'mfe_*', 'mfe_*/*'];
  const sharedNoWorkspace = '`shared` imports no workspace: every workspace imports it.';
  // The entries a remote bundles a copy of, which reach the core by its name (docs/architecture.md#the-workspaces).
  const bundledEntries = [
    'shared/src/listing/**',
    'shared/src/deal/**',
    'shared/src/remoteData/**',
    'shared/src/ui/ReportFields.tsx',
    'shared/src/format/timeAgo.ts',
    'shared/src/harness/**',
  ];
  return [
    ...remotes.map((remote) =>
      boundary(
        [`${remote}/**/*.{ts,tsx}`],
        [...sources(['shell', 'api', ...remotes.filter((other) => other !== remote)]), 'mfe_*', 'mfe_*/*'],
        'A remote imports only `@tasko/shared` (and its own files): another remote or the shell is reached by a link, never by an import.',
        true,
      ),
    ),
    boundary(
      ['shell/**/*.{ts,tsx}'],
      sources(['api', ...remotes]),
      'The shell loads remotes through the federation (`mfe_jobs/JobPage`), never from their sources.',
      true,
    ),
    boundary(['shared/**/*.{ts,tsx}'], noWorkspace, sharedNoWorkspace, true, {
      ignores: [...bundledEntries, 'shared/test/**', 'shared/**/*.test.{ts,tsx}'],
      more: [
        {
          regex: '^@tasko/shared(/(?!router$).*)?$',
          message: "The core imports its own files by relative path; only the router comes by its name, '@tasko/shared/router'.",
        },
      ],
    }),
    boundary(bundledEntries, noWorkspace, sharedNoWorkspace, true, {
      more: [
        {
          regex: '^\\.\\.(/index)?$|^\\.\\./(api|auth|config|events|i18n|analytics)/|^\\.\\./ui/(?!ReportFields$)',
          message:
            "Import the core by its name, '@tasko/shared': a relative path would bundle a second copy of its store, texts and API client into the remote.",
        },
      ],
    }),
    boundary(
      ['api/**/*.ts'],
      [...sources(['shell', ...remotes]), 'mfe_*', 'mfe_*/*'],
      'The API imports `@tasko/shared` only, never the browser packages.',
      false,
    ),
  ];
}
