import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The widgets: one lazy chunk each. */
const WIDGETS = /[\\/]src[\\/]widgets[\\/]/;
/**
 * App modules the shared path imports only dynamically, kept out of the shared chunk: the core
 * translation tables other than English, the SSO code that runs only after login or logout, the
 * standalone events log; and the form components only the identity widgets use.
 */
const LAZY_MODULES =
  /[\\/](apps[\\/]frame[\\/]src[\\/](i18n[\\/](es|pt-BR)|store[\\/](sso|loginThunks)|components[\\/](EventsLog|Field|LogoutButton))|shared[\\/]protocol[\\/]src[\\/]((purchase-)?attributes|(widget|purchase)-event-schemas)|shared[\\/]api[\\/]src[\\/](identity[\\/]account-(schemas|endpoints)|errors[\\/]all|widget[\\/][\w-]+))\.tsx?$/;
/** The libraries of the shared path (every route loads them). */
const SHARED_LIBS =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|use-sync-external-store|zod|penpal)[\\/]/;

/**
 * The one chunk every route loads: everything outside src/widgets (app code, shared packages,
 * the bundler's runtime) and the shared-path libraries. A library only some widgets use (formik,
 * a payment SDK …) is left out on purpose: it stays with those widgets' chunks.
 */
function onSharedPath(id: string): boolean {
  if (WIDGETS.test(id) || LAZY_MODULES.test(id)) return false;
  return !/[\\/]node_modules[\\/]/.test(id) || SHARED_LIBS.test(id);
}

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
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Short hashes: every route's shared chunk lists every chunk's file name (its preload map),
        // and 8 random characters per name compress badly. 6 base64 characters still name ~10^10 builds.
        chunkFileNames: 'assets/[name]-[hash:6].js',
        entryFileNames: 'assets/[name]-[hash:6].js',
        assetFileNames: 'assets/[name]-[hash:6][extname]',
        codeSplitting: {
          // Everything outside the widgets is loaded by every route anyway: one chunk (one request,
          // one gzip stream) instead of the several small common chunks rolldown would make.
          groups: [
            // Not its dependencies: a module on the shared path may re-export lazy ones.
            { name: 'frame', test: onSharedPath, includeDependenciesRecursively: false },
            // The account calls and their payloads: one chunk shared by the account widgets, so
            // rolldown does not fold them into the shared chunk every route loads.
            { name: 'account-api', test: /[\\/]shared[\\/]api[\\/]src[\\/]identity[\\/]account-/ },
            // What every purchase widget needs (error catalogue, basket, catalogue calls, the
            // checkout's first-render part): one chunk, one gzip stream, never on an identity
            // route. The profile, order and payment payloads (widget/schemas.ts, endpoints.ts) and
            // the checkout runner are left to rolldown, so the product-selection route does not
            // load them.
            {
              name: 'purchase',
              test: /[\\/](shared[\\/]protocol[\\/]src[\\/]purchase-(attributes|event-schemas)|shared[\\/]api[\\/]src[\\/](widget[\\/](error-codes|errors|basket|primitives|catalogue-[a-z]+)|errors[\\/]all)|apps[\\/]frame[\\/]src[\\/]widgets[\\/](_purchase[\\/](basketStore|useBasket|useServices|widgetClient|messages|money)|_checkout[\\/](basketChange|marker|CheckoutFeedback|useCheckout|messages)))\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
