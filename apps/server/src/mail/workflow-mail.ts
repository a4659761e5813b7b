/**
 * Sends an activation or reset mail in the background (after the answer): issues a new key, builds
 * the mail with a link to the demo site's widget page, sends it. At most 5 such mails per account
 * and hour, so nobody can flood someone's inbox through forgot password or resend activation.
 */
import type { TaskLogger } from '../background';
import type { AppDeps } from '../deps';
import { mailAddressOf } from '../identity/mail-address';
import type { Account, Service } from '../identity/store';
import { takeToken, type ThrottleRule } from '../security/throttle';
import { issueKey, type WorkflowKind } from '../security/workflow-keys';
import { mailLocale } from './billing-messages';
import { activationMail, resetMail } from './messages';
import { commitWithMails } from './with-key';

export const WORKFLOW_MAIL_RULE: ThrottleRule = { bucket: 'mail', max: 5, windowMs: 60 * 60_000 };

export function sendWorkflowMail(
  deps: AppDeps,
  input: { kind: WorkflowKind; account: Pick<Account, 'guid' | 'attributes'>; service: Service },
  log: TaskLogger,
): void {
  deps.background.run(async () => {
    const to = mailAddressOf(input.account);
    if (!to) {
      log.error({ guid: input.account.guid }, `no mail address for the ${input.kind} mail`);
      return;
    }
    const now = deps.now();
    if ((await takeToken(deps.db, WORKFLOW_MAIL_RULE, input.account.guid, now)) !== null) return;
    const build = input.kind === 'activation' ? activationMail : resetMail;
    // The key and the mail that carries it are written together, then delivered (mail/with-key.ts).
    const { deliver } = await commitWithMails(deps, async (tx) => {
      const key = await issueKey(tx, {
        kind: input.kind,
        guid: input.account.guid,
        serviceName: input.service.name,
        now,
      });
      const mail = build({
        to,
        siteUrl: input.service.settings.siteUrl ?? deps.siteUrl,
        key,
        service: input.service,
        locale: mailLocale(input.account.attributes.locale),
      });
      return { result: key, mails: [mail] };
    });
    await deliver();
  }, log);
}
