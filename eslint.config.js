import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './scripts/eslint-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Configuration is read in one file (apps/api/src/config.ts).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
      ],
    },
  },
  {
    files: [
      'apps/api/src/config.ts',
      'scripts/**',
      'apps/web/e2e/**',
      'apps/web/playwright.config.ts',
      '**/*.config.{js,ts,mjs}',
      'apps/api/test/**',
      'apps/api/build.mjs',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Imports run one way, judged on resolved paths at any depth (scripts/eslint-boundaries.js).
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/api/test/**/*.ts'],
    plugins: { manto: boundaries },
    rules: { 'manto/boundaries': 'error' },
  },
);
