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
