/**
 * PLACEHOLDER (core helper, issue 25): the mails branch replaces this file with the mail worker
 * that sends the visitor's mails from `billing_events`. The job queue (jobs.ts) calls it every
 * minute and at the end of every test-clock drain; it answers how many mails it sent.
 */
import type { AppDeps } from '../deps';

export async function mailBillingEvents(_deps: AppDeps): Promise<number> {
  return 0;
}
