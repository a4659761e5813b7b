import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Chunks by package, never by one of our files: a renamed source file must not change what a
 * route downloads. Our own code is split by rolldown along the lazy imports (one chunk per widget
 * route, shared code where two routes meet); the libraries are grouped by what they are for, so
 * each lands once, in one gzip stream, on the routes that use it.
 */
const packages = (...names: string[]) =>
  new RegExp(`[\\/]node_modules[\\/](${names.map((name) => name.replace('/', '[\\/]')).join('|')})[\\/]`);

const LIBRARY_GROUPS = [
  // Every route: rendering, the store, the router, the frame protocol and its schemas.
  {
    name: 'lib-core',
    test: packages(
      'react',
      'react-dom',
      'scheduler',
      'react-redux',
      '@reduxjs/toolkit',
      'redux',
      'redux-thunk',
      'immer',
      'reselect',
      'use-sync-external-store',
      'react-router',
      'react-router-dom',
      'cookie',
      'set-cookie-parser',
      'zod',
      'penpal',
    ),
  },
  // The forms (identity and purchase widgets with inputs), and what they lean on.
  {
    name: 'lib-forms',
    test: packages(
      'formik',
      'yup',
      'property-expr',
      'tiny-case',
      'toposort',
      'type-fest',
      'lodash',
      'lodash-es',
      'tiny-warning',
      'deepmerge',
      'hoist-non-react-statics',
      'react-fast-compare',
      'react-is',
    ),
  },
  { name: 'lib-dates', test: packages('dayjs') },
];

/**
 * The frame app: one document (index.html) answering every `/w/<widget>` route, one lazy chunk
 * per widget. The vitest project `frame` extends this config (jsdom).
 */
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/size.mjs reads the chunk graph from the manifest.
    manifest: true,
    target: 'es2022',
    // Every browser we support has native modulepreload; the polyfill would cost bytes on every route.
    modulePreload: {
      polyfill: false,
      // No chunk lists the JS dependencies of what it imports lazily: the entry's lists (every
      // widget's) cost 1.5 KB gzip on every route, the widgets' own another 0.4 KB on login. The
      // server puts the requested route's chunks in its page as <link rel=modulepreload>
      // (apps/server/src/frame-preload.ts), which starts them before the entry even runs; a chunk
      // loaded later (a panel, the checkout runner) mostly needs what its route already loaded.
      // Stylesheets stay: the preload helper is what loads them.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps),
    },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: LIBRARY_GROUPS },
      },
    },
  },
});
