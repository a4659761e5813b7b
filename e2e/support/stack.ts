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
 * clock and the site owner's bank-transfer details, which the specs read back from the payment step.
 */
export const E2E_ENV = {
  FOYER_DEV_CLOCK: 'true',
  FOYER_TRANSFER_BENEFICIARY: 'Foyer E2E Publishing',
  FOYER_TRANSFER_ACCOUNT: 'BE71 0961 2345 6769',
  FOYER_TRANSFER_BIC: 'GKCCBEBB',
} as const;
