/**
 * Mails the person what the site's staff did to their account (mail/account-notices.ts), after the
 * change is committed and after the answer: a mailer that fails or is slow neither undoes nor
 * delays the action (a failure is logged).
 */
import type { TaskLogger } from '../../background';
import type { AppDeps } from '../../deps';
import { findDefaultService, findService } from '../../identity/store';
import type { MailMessage } from '../../mail/mailer';

/** The service a mail about the account speaks for: its first one, else the default. */
export async function serviceOf(deps: AppDeps, services: readonly string[]) {
  const named = services[0] ? await findService(deps.db, services[0]) : null;
  return named ?? (await findDefaultService(deps.db));
}

export function mailPerson(
  deps: AppDeps,
  person: { email: string | null; services: readonly string[] },
  build: (input: { to: string; service: { name: string; displayName: string } }) => MailMessage,
  log: TaskLogger,
): void {
  const to = person.email;
  if (!to) return;
  deps.background.run(async () => {
    const service = await serviceOf(deps, person.services);
    await deps.mailer.send(build({ to, service: service ?? { name: '', displayName: 'Foyer' } }));
  }, log);
}
