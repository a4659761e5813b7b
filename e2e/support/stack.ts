/** URLs of the stack that global-setup started. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e suite through playwright.config.ts`);
  return value;
}

export const stack = {
  get widgetsUrl() {
    return required('FOYER_WIDGETS_URL');
  },
  get demoUrl() {
    return required('FOYER_DEMO_URL');
  },
  get foreignUrl() {
    return required('FOYER_FOREIGN_URL');
  },
};

export const DEMO_ACCOUNT = { email: 'demo@foyer.test', password: 'foyer-demo-1' } as const;

/**
 * The e2e stack's environment besides scripts/stack.ts's own (global-setup.ts): issue 25's test
 * clock and the site owner's bank-transfer details, which the specs read back from the payment step;
 * and an idle timeout longer than any test lives.
 */
export const E2E_ENV = {
  // Playwright's API request contexts (the `request` fixture, playwright.request.newContext) keep
  // idle connections with no timeout of their own — an http.Agent({ keepAlive: true }), which
  // ignores the server's Keep-Alive header — until the context is disposed, at the end of its
  // test. A server closing one for idleness meanwhile races the test's next call: issue 29's
  // `apiRequestContext.post: read ECONNRESET` in a theme walk whose login came 72 s after its
  // sign-up. 15 minutes outlives the longest test (600 s); the demo site keeps its connections as
  // long (scripts/stack.ts). apps/server/test/keep-alive.test.ts shows the race.
  FOYER_IDLE_TIMEOUT_MS: String(15 * 60_000),
  FOYER_DEV_CLOCK: 'true',
  FOYER_TRANSFER_BENEFICIARY: 'Foyer E2E Publishing',
  FOYER_TRANSFER_ACCOUNT: 'BE71 0961 2345 6769',
  FOYER_TRANSFER_BIC: 'GKCCBEBB',
} as const;
