/**
 * The one path of a beneficiary invitation (purchase spec §5, §6), used by the widget service's
 * `POST /widget/account/beneficiary/invite/` and the older service's
 * `POST /subscription/invite/{guid}`: the owner's hourly limit, the grant (owner only, running
 * subscription, no duplicate), then the invitation mail in the background.
 */
import type { Beneficiary } from '@foyer/api';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { loadSubscription } from '../billing/lifecycle';
import { siteUrlFor } from '../mail/site-url';
import { commitWithMails } from '../mail/with-key';
import { takeToken, type ThrottleRule } from '../security/throttle';
import { inviteBeneficiary } from './grants';
import { invitationMail, type WidgetVersion } from './invitation-mail';
import { callerOf } from './caller';

/** Each invitation mails a stranger's address: at most 20 per owner and hour. */
export const INVITATION_RULE: ThrottleRule = { bucket: 'invitation', max: 20, windowMs: 60 * 60_000 };

export async function inviteAndMail(
  deps: AppDeps,
  log: FastifyBaseLogger,
  input: {
    ownerGuid: string;
    subscriptionId: string;
    email: string;
    message?: string | undefined;
    /** The widgets the owner invited from (the older service: 1); the mail links to that site's page. */
    version?: WidgetVersion;
  },
): Promise<Beneficiary> {
  const now = deps.now();
  const wait = await takeToken(deps.db, INVITATION_RULE, input.ownerGuid, now);
  if (wait !== null) {
    throw new ApiError('too_many_invitations', [], { 'retry-after': String(Math.ceil(wait / 1000)) });
  }
  const owner = await callerOf(deps, input.ownerGuid);
  // The mail's link leads to the site of the subscription's service.
  const siteUrl = await siteUrlFor(
    deps.db,
    (await loadSubscription(deps.db, input.subscriptionId))?.service_name,
    deps.siteUrl,
  );
  // The invitation's key and its mail are written together (mail/with-key.ts), then delivered.
  const { result: invitation, deliver } = await commitWithMails(deps, async (tx) => {
    const made = await inviteBeneficiary(
      tx,
      {
        ownerGuid: input.ownerGuid,
        ownerEmail: owner.address,
        subscriptionId: input.subscriptionId,
        email: input.email,
        ...(input.message ? { message: input.message } : {}),
      },
      now,
    );
    const mail = invitationMail({
      to: made.beneficiary.email,
      siteUrl,
      invitationKey: made.invitationKey,
      productName: made.productName,
      note: made.beneficiary.message,
      ...(input.version ? { version: input.version } : {}),
    });
    return { result: made, mails: [mail] };
  });
  deps.background.run(deliver, log);
  return invitation.beneficiary;
}
