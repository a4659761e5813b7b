import { useState, type ReactNode } from 'react';
import { t } from '../../../app/i18n';
import { Dialog } from '../../../ui/Dialog';
import '../../../ui/account-area.css';
import './messages';

/**
 * The test card provider's stand-in for a bank's 3-D Secure page: a dialog asking how the
 * challenge ends (Complete / Fail; closing it fails). `ask()` opens it and resolves with the
 * visitor's answer; `dialog` is what to render meanwhile. Used by the test card form (an order's
 * or a subscription's payment) and by a renewal's own challenge in "Update payment".
 */
export function useTestChallenge(): { ask(): Promise<boolean>; open: boolean; dialog: ReactNode } {
  const [challenge, setChallenge] = useState<{ answer(passed: boolean): void } | null>(null);
  const ask = () =>
    new Promise<boolean>((resolve) =>
      setChallenge({
        answer(passed) {
          setChallenge(null);
          resolve(passed);
        },
      }),
    );
  const dialog = challenge && (
    <Dialog title={t('payment.test.challenge.title')} onClose={() => challenge.answer(false)}>
      <p>{t('payment.test.challenge.text')}</p>
      <div className="account-row-actions">
        <button type="button" className="button" onClick={() => challenge.answer(true)}>
          {t('payment.test.challenge.complete')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => challenge.answer(false)}>
          {t('payment.test.challenge.fail')}
        </button>
      </div>
    </Dialog>
  );
  return { ask, open: challenge !== null, dialog };
}
