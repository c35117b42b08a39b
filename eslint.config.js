import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Globals that widgets and the engine must reach through a service (src/services/types.ts).
const serviceGlobals = [
  { name: 'fetch', message: 'Use the api service (useServices().api).' },
  { name: 'localStorage', message: 'Use the storage service.' },
  { name: 'sessionStorage', message: 'Use the storage service.' },
  { name: 'location', message: 'Use the navigation service.' },
  { name: 'setTimeout', message: 'Use the clock service.' },
  { name: 'setInterval', message: 'Use the clock service.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'node_modules',
      'server/data',
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
);
