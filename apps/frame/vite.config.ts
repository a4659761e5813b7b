import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Chunks by package or by folder, never by one of our files: a renamed source file must not change
 * what a route downloads. Our own code is split by rolldown along the lazy imports (one chunk per
 * widget route, shared code where two routes meet), except the shared folders grouped below; the
 * libraries are grouped by what they are for, so each lands once, in one gzip stream, on the
 * routes that use it.
 */
const packages = (...names: string[]) =>
  new RegExp(`[\\/]node_modules[\\/](${names.map((name) => name.replace('/', '[\\/]')).join('|')})[\\/]`);

/** Modules of the frame app's own source under one of `folders` (relative to apps/frame/src). */
const frameSource = (...folders: string[]) =>
  new RegExp(
    `[\\/]apps[\\/]frame[\\/]src[\\/](?:${folders.map((folder) => folder.replace('/', '[\\/]')).join('|')})[\\/]`,
  );

/** The purchase area's shared modules in app/ (by name: they sit beside the store they use). */
const PURCHASE_SHARED =
  /[\\/]apps[\\/]frame[\\/]src[\\/]app[\\/](?:store[\\/](?:basketStorage|basketThunks|deliveryDays|paymentTypes|useBasket|useServices|widgetClient)|i18n[\\/](?:money|purchaseMessages))\.tsx?$/;

const CHUNK_GROUPS = [
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
  // Our code the page loads anyway (what the entry imports statically, `$initial`), in the entry's
  // own chunk. Left to rolldown, each module the widgets share with the entry became a chunk of
  // its own (the error catalogue, the identity client, the schemas, the account endpoints): four
  // more requests on every route, each costing about 340 bytes of response headers and its own
  // compression window. Not the entry module itself: its chunk is the one the group joins.
  {
    name: 'index',
    tags: ['$initial' as const],
    test: (id: string) => !/[\\/]node_modules[\\/]/.test(id) && !/[\\/]src[\\/]app[\\/]main\.tsx$/.test(id),
  },
  // Our code shared by widget routes, grouped by the folder it lives in (a folder, never one of our
  // files: moving a file inside its folder changes nothing). Left to rolldown, every set of routes
  // that shares a module gets a chunk of its own, and most of those are a few hundred bytes: the
  // frame's request plumbing and widget heading were three chunks of 125–311 bytes on nearly every
  // route, the purchase area's client, basket thunks, hooks and texts seven on product-selection,
  // each costing ~340 bytes of response headers (more than the code) and its own compression
  // window. One chunk per folder costs a route the few modules of that folder it does not use.
  // The shared kit (ui/, app/store/) only for what at least 10 routes share: the rest of
  // app/store/ (SSO, profile loading) stays with the routes and lazy parts that use it.
  // Not ui/form/ (formik and yup): a route without a form must not load lib-forms for it. Not the
  // purchase area's modules either (the group after this one). First: a group takes the modules
  // its own import too, so the purchase group first would carry the kit to the login route.
  {
    name: 'app-kit',
    test: (id: string) =>
      frameSource('ui', 'app/store').test(id) && !frameSource('ui/form').test(id) && !PURCHASE_SHARED.test(id),
    minShareCount: 10,
  },
  // Shared by at least two purchase routes (product-selection, payment, the summary …): the
  // purchase area's client, basket, payment types and texts, which live in app/ because every
  // purchase feature uses them. Not ui/form/: the login route would then carry the registration's
  // attribute fields and captcha glue.
  { name: 'app-purchase', test: PURCHASE_SHARED, minShareCount: 2 },
];

/**
 * react-router's package exports name only its development build (ENABLE_DEV_WARNINGS on); the
 * production build beside it is the same code with those warnings off. Build only: the tests keep
 * the package as it resolves.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * Lets the bundler drop library components the frame never renders. The frame renders
 * BrowserRouter, Routes and Route (App.tsx) and uses formik through useFormik; react-router's
 * Link, NavLink, Form, ScrollRestoration and its framework and RSC parts (5 KB brotli on every
 * route), and formik's FieldArray and Form (1 KB on every form route), stayed in the bundle only
 * because of top-level statements tree-shaking must keep as side effects:
 * - `X.displayName = '...'` writes, which only name a component in React's developer tools:
 *   left out;
 * - react-router's `X = React.forwardRef(...)` / `React.createContext(...)` calls, pure but not
 *   annotated: marked pure;
 * - formik's `FieldArrayInner.defaultProps = {...}`, written after the class: moved into the
 *   class's own (pure) definition, which runs it as before whenever FieldArray is used;
 * - yup's `create$N.prototype = XSchema.prototype` (so that `schema instanceof string` holds),
 *   written after each factory: the factory and that write move into a pure function called in
 *   their place (`var create$N = /* @__PURE__ *\/ (() => { function create$N…; create$N.prototype
 *   = …; return create$N; })()`), so the schema types no frame form builds are dropped (1 KB).
 *   The factories are only called from functions, never while the module loads, so the `var` is
 *   set before any call. A factory with any other write after it (date) is left as it is.
 * Only these statements change; the code the frame runs is bundled as published. Build only: the
 * tests run the packages as they resolve.
 */
function libraryTreeShaking(): Plugin {
  const displayNames = /^[\w$]+\.displayName = (?:"[^"\n]*"|'[^'\n]*');$/gm;
  return {
    name: 'foyer:library-tree-shaking',
    apply: 'build',
    transform(code, id) {
      const reactRouter = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/.test(id);
      const formik = /[\\/]formik[\\/]dist[\\/]formik\.esm\.js$/.test(id);
      const yup = /[\\/]yup[\\/]index\.esm\.js$/.test(id);
      if (!reactRouter && !formik && !yup) return null;
      const output = new MagicString(code);
      for (const match of code.matchAll(displayNames)) output.remove(match.index, match.index + match[0].length);
      if (reactRouter)
        for (const match of code.matchAll(/^var [\w$]+ = (?=React\d*\.(?:forwardRef|createContext)\()/gm))
          output.appendLeft(match.index + match[0].length, '/* @__PURE__ */ ');
      if (formik) {
        const defaults = /^FieldArrayInner\.defaultProps = \{[^;]*\};$/m.exec(code);
        const end = code.indexOf('  return FieldArrayInner;\n}(Component);');
        if (defaults && end >= 0) {
          output.remove(defaults.index, defaults.index + defaults[0].length);
          output.appendLeft(end, `  ${defaults[0]}\n`);
        }
      }
      if (yup)
        for (const write of code.matchAll(/^(create\$\d+)\.prototype = (\w+)\.prototype;\n(?!\1\.)/gm)) {
          const [, factory = '', schema = ''] = write;
          const declaration = new RegExp(
            `^function ${factory.replace('$', '\\$')}\\([^)]*\\) \\{\\n[^]*?\\n\\}\\n`,
            'm',
          ).exec(code);
          if (!declaration || declaration.index > write.index) continue;
          output.remove(declaration.index, declaration.index + declaration[0].length);
          output.overwrite(
            write.index,
            write.index + write[0].length - 1,
            `var ${factory} = /* @__PURE__ */ (() => {\n${declaration[0]}${factory}.prototype = ${schema}.prototype;\nreturn ${factory};\n})();`,
          );
        }
      return { code: output.toString(), map: output.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}

/**
 * The frame app: one document (index.html) answering every `/w/<widget>` route, one lazy chunk
 * per widget. The vitest project `frame` extends this config (jsdom).
 */
export default defineConfig(({ command }) => ({
  plugins: [react(), libraryTreeShaking()],
  base: '/',
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
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
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
}));
