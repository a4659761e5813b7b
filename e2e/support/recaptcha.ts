/**
 * The captcha e2e world: a stack of its own whose server verifies captchas against a local
 * stand-in of Google's verify API (apps/server/test/stand-ins/recaptcha.ts, run in the test
 * process: RECAPTCHA_VERIFY_URL), and a Playwright route serving the reCAPTCHA script double
 * (doubles/recaptcha.js). The seeded `demo-captcha` service has a site key; our server is real.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { startStack, type RunningStack } from '../../scripts/stack-process';
import { startRecaptchaStandIn, type RecaptchaStandIn } from '../../apps/server/test/stand-ins/recaptcha';

const DOUBLE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'doubles/recaptcha.js'), 'utf8');

/** The seeded captcha service (apps/server/src/seed-config.ts) and its secret. */
export const CAPTCHA_SERVICE = 'demo-captcha';
/** Its site key (Google's published test key, seeded with the demo data). */
export const CAPTCHA_SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGQQ_MAYXHDY2';
const CAPTCHA_SECRET = '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe';

export interface CaptchaStack {
  stack: RunningStack;
  verifier: RecaptchaStandIn;
  stop(): Promise<void>;
}

export async function startCaptchaStack(): Promise<CaptchaStack> {
  const verifier = await startRecaptchaStandIn(CAPTCHA_SECRET);
  const stack = await startStack(['--ephemeral'], { env: { RECAPTCHA_VERIFY_URL: verifier.verifyUrl } });
  return {
    stack,
    verifier,
    stop: async () => {
      await stack.stop();
      await verifier.close();
    },
  };
}

let prefixes = 0;

/**
 * Serves the script double to every frame of the page. Each load gets a token prefix of its own,
 * whose first tokens are issued to the verify stand-in as solved now (what a visitor's click on
 * Google's widget would do). Returns how many times the script was requested.
 */
export async function routeRecaptchaDouble(page: Page, verifier?: RecaptchaStandIn): Promise<() => number> {
  let requests = 0;
  await page.route('https://www.google.com/recaptcha/api.js**', async (route) => {
    requests += 1;
    prefixes += 1;
    const prefix = `double-${process.pid}-${prefixes}`;
    for (let n = 1; n <= 10; n += 1) verifier?.issue(`${prefix}-${n}`, Date.now());
    await route.fulfill({ contentType: 'text/javascript', body: DOUBLE.replace('__TOKEN_PREFIX__', prefix) });
  });
  return () => requests;
}
