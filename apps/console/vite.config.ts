import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
  },
});
