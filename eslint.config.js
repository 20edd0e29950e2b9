import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Configuration is read in one file (apps/api/src/config.ts).
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config.ts.' }],
    },
  },
  {
    files: ['apps/api/src/config.ts', 'scripts/**', 'apps/web/e2e/**', 'apps/web/playwright.config.ts', '**/*.config.{js,ts,mjs}', 'apps/api/test/**', 'apps/api/build.mjs'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow one way: shared (components, lib) → features → app; features stay independent.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/features/auth', from: './apps/web/src/features', except: ['./auth'] },
            { target: './apps/web/src/features/home', from: './apps/web/src/features', except: ['./home'] },
            { target: './apps/web/src/features/catalogue', from: './apps/web/src/features', except: ['./catalogue'] },
            { target: './apps/web/src/features/manage', from: './apps/web/src/features', except: ['./manage'] },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: ['./apps/web/src/components', './apps/web/src/lib'], from: ['./apps/web/src/features', './apps/web/src/app'] },
          ],
        },
      ],
    },
  },
);
