import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importZones } from './eslint-zones.js';

// Globals that widgets and the engine must reach through a service (src/services/types.ts).
const serviceGlobals = [
  { name: 'fetch', message: 'Use the api service (useServices().api).' },
  { name: 'localStorage', message: 'Use the storage service.' },
  { name: 'sessionStorage', message: 'Use the storage service.' },
  { name: 'location', message: 'Use the navigation service.' },
  { name: 'setTimeout', message: 'Use the clock service.' },
  { name: 'setInterval', message: 'Use the clock service.' },
];

// The engine reads these through services too (environment, UI kit, navigation, scroll).
const engineGlobals = [
  { name: 'navigator', message: 'Use the env service (useServices().env) or another service.' },
  {
    name: 'document',
    message:
      'Go through a service (ui, navigation, share...) or a ref to your own element: the engine renders on the server too.',
  },
];

// Files that ship to the phone: zod and the widget schemas stay at build time (issue 2 budget: the
// phone must not pay for a validator). Types may still be imported.
const runtimeFiles = ['widgets/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}'];
const buildTimeFiles = [
  '**/*.test.{ts,tsx}',
  'widgets/index.ts',
  'widgets/widgets.generated.ts',
  'widgets/*/schema.ts',
  'src/build/**',
  // The API contracts (zod, one file per family) and the catalogue derived from them: build time
  // and server only; the browser imports their types only. The sub-folders of src/contracts
  // (site/, conditions/, env/, hosts/) are code the browser runs too, so the rule holds there.
  'src/contracts/*.ts',
  'src/services/api/catalogue.ts',
  'src/engine/document/document-schema.ts',
  'src/engine/document/node-schema.ts',
  'src/engine/document/prop-types.ts',
  'src/engine/document/query-activity-schema.ts',
  'src/engine/actions/action-schema.ts',
  'src/contracts/conditions/condition-schema.ts',
  'src/engine/registry/widget-definition.ts',
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'node_modules',
      'server/data',
      'server/dist',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: runtimeFiles,
    ignores: buildTimeFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: 'zod is build-time only; import types with `import type`.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: [
                '**/schema',
                '**/*-schema',
                '**/prop-types',
                '**/src/build/**',
                '**/widgets/index',
                '**/widgets/widgets.generated',
                '**/api/catalogue',
              ],
              message:
                'Schemas are build-time only: import their types with `import type`, and keep run-time constants in a non-schema module.',
              allowTypeImports: true,
            },
            {
              // src/contracts and its API families (zod), not its sub-folders: those hold the
              // code the browser and the server both run (src/contracts/site/route-table.ts...).
              regex: '(?:^|/)contracts(?:/[^/]+)?$',
              message:
                'The API contracts are build-time and server only: import their types with `import type`.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  // The layers of docs/architecture.md: which folder may import which (eslint-zones.js).
  ...importZones(),
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly' },
    },
  },
  {
    files: ['widgets/**/*.{ts,tsx}', 'src/engine/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', ...serviceGlobals],
      'no-restricted-properties': [
        'error',
        { object: 'document', property: 'cookie', message: 'Use the auth or storage service.' },
        { object: 'window', property: 'location', message: 'Use the navigation service.' },
        { object: 'window', property: 'fetch', message: 'Use the api service.' },
        { object: 'window', property: 'localStorage', message: 'Use the storage service.' },
      ],
    },
  },
  {
    // What src/contracts shares with the browser also runs on the server (its redirects, CSP,
    // routes): no browser global, like the engine.
    files: ['src/contracts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', ...serviceGlobals, ...engineGlobals],
    },
  },
  {
    // The engine also reaches the browser's identity and page only through services (env, ui,
    // navigation): it renders on the server too, and tests swap the services.
    files: ['src/engine/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', ...serviceGlobals, ...engineGlobals],
    },
  },
);
