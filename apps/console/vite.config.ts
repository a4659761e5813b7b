import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const packages = (...names: string[]) =>
  new RegExp(`[\\/]node_modules[\\/](${names.map((name) => name.replace('/', '[\\/]')).join('|')})[\\/]`);

/**
 * The libraries by what they are for, each in its own file: a new console build that changes only
 * our code leaves them cached in the operator's browser (their names hash their content).
 */
const LIBRARY_GROUPS = [
  { name: 'lib-react', test: packages('react', 'react-dom', 'scheduler') },
  {
    name: 'lib-app',
    test: packages(
      'react-router',
      'react-router-dom',
      'cookie',
      'set-cookie-parser',
      'react-redux',
      '@reduxjs/toolkit',
      'redux',
      'redux-thunk',
      'immer',
      'reselect',
      'use-sync-external-store',
      'zod',
      'dayjs',
    ),
  },
  {
    name: 'lib-forms',
    test: packages(
      'formik',
      'yup',
      'property-expr',
      'tiny-case',
      'toposort',
      'lodash',
      'lodash-es',
      'tiny-warning',
      'deepmerge',
      'hoist-non-react-statics',
      'react-fast-compare',
      'react-is',
    ),
  },
];

/**
 * The site owner's console (issue 28): one document served by the server at /admin and every
 * client route under it (apps/server/src/admin/console-static.ts), its hashed files at
 * /admin/assets. The vitest project `console` extends this config (jsdom).
 */
export default defineConfig({
  plugins: [react()],
  base: '/admin/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The console's CSP is script-src 'self': no inline module-preload polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: LIBRARY_GROUPS } } },
  },
});
