import { defineConfig } from 'vite';

/**
 * Four minified IIFE files, each self-contained: dist/loader.js (what every host page
 * downloads), dist/penpal.js (fetched when the first widget frame is placed), dist/modal.js
 * (fetched on the first `Foyer.open`), and dist/form.js (the version 1 checkout's `postForm`).
 * See src/parts.ts. `vite build` builds the loader, `vite build --mode modal|penpal|form` the parts.
 */
const entries = {
  production: { entry: 'src/main.ts', name: 'FoyerLoader', file: 'loader.js' },
  modal: { entry: 'src/modal-entry.ts', name: 'FoyerModalBundle', file: 'modal.js' },
  penpal: { entry: 'src/penpal-entry.ts', name: 'FoyerPenpalBundle', file: 'penpal.js' },
  form: { entry: 'src/form-entry.ts', name: 'FoyerFormBundle', file: 'form.js' },
} as const;

export default defineConfig(({ mode }) => {
  const part = entries[mode as keyof typeof entries] ?? entries.production;
  return {
    resolve: { conditions: ['source'] },
    build: {
      // Native class fields: penpal's private fields are not down-levelled into helpers.
      target: 'es2022',
      minify: true,
      emptyOutDir: part === entries.production,
      lib: { entry: part.entry, formats: ['iife'], name: part.name, fileName: () => part.file },
    },
  };
});
