/**
 * The loader's pure entry: importing it has no side effects; `boot()` starts the loader.
 * `main.ts` is the script-tag entry built to dist/loader.js.
 */
import { randomPageId } from '@foyer/protocol/light';
import { api, replay, type FoyerApi } from './api';
import type { startCommentBridge } from './disqus';
import { env, frames, handlers, openModal } from './frames';
import { loadPart } from './parts';
import { observe, scan } from './place';
import { isObject, loaderSrc, readSettings } from './settings';
import { socialReturn, takeSocialReturn } from './social-return';

export type { FoyerApi, ModalOptions } from './api';

type FoyerGlobal = Partial<FoyerApi> & { q?: unknown; scan?: () => void };

/**
 * Starts the loader once per page: a second copy (the snippet pasted twice) only asks the first
 * to look for new widgets, and per-element markers keep every widget placed once.
 */
export function boot(): void {
  const w = window as unknown as { Foyer?: unknown; FoyerSettings?: unknown };
  const prior: FoyerGlobal = isObject(w.Foyer) ? w.Foyer : {};
  if (prior.scan) return prior.scan();
  const src = loaderSrc(document);
  if (!src) return console.error('Foyer: cannot find the loader script to tell the widgets origin');
  env.src = src;
  env.origin = new URL(src).origin;
  env.settings = readSettings(document, w.FoyerSettings);
  env.page = randomPageId();
  takeSocialReturn();
  // Keep the stub object (page code may hold a reference to it) and give it the real methods.
  const queue = prior.q;
  w.Foyer = Object.assign(prior, api, { scan: () => scan(document) });
  delete prior.q;
  replay(queue);
  scan(document);
  observe();
  if (socialReturn.modal) openModal(...socialReturn.modal);
  // The comment-system bridge, fetched only by pages that name a Disqus site (docs/paywall.md).
  if (env.settings.disqus)
    loadPart<typeof startCommentBridge>(src, 'disqus.js', 'FoyerDisqus').then(
      (start) => start({ frames, handlers, settings: env.settings }),
      console.error,
    );
}
