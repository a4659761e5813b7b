import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { frameLayerZones } from './apps/frame/layer-rules.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-test-*/**',
      '**/node_modules/**',
      '**/.data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/frame/**/*.tsx', 'apps/frame/**/*.ts', 'apps/console/**/*.tsx', 'apps/console/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // The frame's layers (docs/architecture.md, "Layers"): widgets → features → ui/app; nothing
  // imports a widget but the route table; a feature reaches another only through its index.ts.
  // Production code only: a test may render any widget and take any feature's fixtures.
  {
    files: ['apps/frame/src/**/*.{ts,tsx}'],
    ignores: ['apps/frame/src/**/*.test.{ts,tsx}', 'apps/frame/src/test/**', 'apps/frame/src/**/test/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: frameLayerZones() }] },
  },
);
