import type { ReactNode } from 'react';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { t } from '../../app/i18n';
import type { RequestState } from '../../app/store/asyncStatus';

interface Gate<T> {
  /** The widget's root class. */
  className: string;
  heading: ReactNode;
  loggedIn: boolean;
  state: RequestState<T> & { retry: () => void };
  showErrorMsgs: boolean;
  /** A Retry button under a failed first load (default true). */
  offerRetry?: boolean;
}

/**
 * What every account-area list shows before it has its data: a logged-out visitor is told to log
 * in; a first load that failed shows its error (when the page shows errors) and Retry; a running
 * one the spinner. Answers that element, or the data once there is some (a failed reload keeps it).
 */
export function accountListGate<T>({
  className,
  heading,
  loggedIn,
  state,
  showErrorMsgs,
  offerRetry = true,
}: Gate<T>): { element: ReactNode } | { data: T } {
  if (!loggedIn) {
    return {
      element: (
        <div className={className}>
          {heading}
          <p>{t('account.loginRequired')}</p>
        </div>
      ),
    };
  }
  if (state.data) return { data: state.data };
  if (state.status !== 'failed') return { element: <Loading /> };
  return {
    element: (
      <div className={className}>
        {heading}
        {showErrorMsgs && <ErrorMessageBox error={state.error} />}
        {offerRetry && (
          <button type="button" className="button" onClick={state.retry}>
            {t('frame.retry')}
          </button>
        )}
      </div>
    ),
  };
}
