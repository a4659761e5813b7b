/**
 * Loading Mercado Pago's JS SDK v2 with the official @mercadopago/sdk-js package, made retryable.
 *
 * The package's weakness: `loadMercadoPago()` keeps its first promise in a module variable for the
 * page's life and hands it back on every later call. When that first load fails (network down,
 * the CDN answers 503), the promise is rejected, so every later call — our Retry button included —
 * would get the same rejection without a new request. The variable is private to the package, so
 * it cannot be reset, and a bundled module cannot be imported afresh.
 *
 * What we do around it, so that the package's promise is only ever settled by a load that worked:
 * - While an attempt runs, a capture-phase listener on the document sees the SDK <script>'s
 *   `error` (and a `load` that left no `window.MercadoPago`) before the listener the package put
 *   on the element does, and stops it there: the package's promise stays pending instead of being
 *   rejected for good. Our attempt fails instead (the widget shows the error with Retry), and the
 *   dead element is removed.
 * - Retry adds a fresh <script> for the same URL (a script element never fetches twice). When it
 *   has run and defined `window.MercadoPago`, a `load` event is dispatched to the element the
 *   package still listens to, and the package's own promise resolves with the SDK's constructor.
 */
import { loadMercadoPago } from '@mercadopago/sdk-js';

export const MERCADO_SDK_URL = 'https://sdk.mercadopago.com/js/v2';

/** The package's own test for its script (sdk.mercadopago.com/js/v2, optionally with a query). */
const SDK_SCRIPT = /^https:\/\/sdk\.mercadopago\.com\/js\/v2\/?(\?.*)?$/;

type SdkWindow = Window & { MercadoPago?: unknown };

/** The element the package created and listens to; null until the first attempt. */
let packageScript: HTMLScriptElement | null = null;
/** The attempt under way: concurrent callers (a remount, React's double effect) share it. */
let attempt: Promise<unknown> | null = null;

const sdkLoaded = () => typeof (window as SdkWindow).MercadoPago === 'function';

function isSdkScript(target: EventTarget | null): target is HTMLScriptElement {
  return target instanceof HTMLScriptElement && SDK_SCRIPT.test(target.src);
}

function runAttempt(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      document.removeEventListener('error', watch, true);
      document.removeEventListener('load', watch, true);
    };
    function watch(event: Event) {
      const script = event.target;
      if (!isSdkScript(script)) return;
      if (event.type === 'load' && sdkLoaded()) {
        // A Retry's fresh element: tell the package, whose listener is on the first element.
        if (packageScript && script !== packageScript) packageScript.dispatchEvent(new Event('load'));
        return;
      }
      // Kept from the package's listener, which would remember the failure forever.
      event.stopImmediatePropagation();
      script.remove();
      settle();
      reject(new Error(`Failed to load MercadoPago.js (${MERCADO_SDK_URL})`));
    }
    document.addEventListener('error', watch, true);
    document.addEventListener('load', watch, true);

    if (packageScript && !sdkLoaded()) {
      const fresh = document.createElement('script');
      fresh.src = MERCADO_SDK_URL;
      document.head.appendChild(fresh);
    }
    // The same promise on every call; the first call injects the package's <script>.
    const loading = loadMercadoPago();
    packageScript ??= [...document.querySelectorAll('script')].find(isSdkScript) ?? null;
    loading.then(
      (sdk) => {
        settle();
        resolve(sdk);
      },
      (error: unknown) => {
        settle();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Resolves with the SDK's global constructor (`window.MercadoPago`), loading the script through
 * the package; after a failure the next call loads again.
 */
export function loadMercadoPagoSdk(): Promise<unknown> {
  attempt ??= runAttempt().finally(() => {
    attempt = null;
  });
  return attempt;
}
