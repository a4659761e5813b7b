import { useEffect, useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { ErrorMessageBox } from '../../../ui/ErrorMessageBox';
import { LinkButton } from '../../../ui/LinkButton';
import { t } from '../../../app/i18n';
import { useAppDispatch } from '../../../app/store/hooks';
import { signInWithEmailCodeLink } from './emailCodeThunks';
import './messages';

/**
 * The page was opened from the code mail's link (`emailCodeKey` in its query): signs in with it
 * once, as the code would. A used or expired link says so and offers a new code.
 */
export function EmailCodeLink({
  linkKey,
  onDone,
  onSignedIn,
}: {
  linkKey: string;
  /** Leaves the link's state: to the form, or to a new code. */
  onDone(askForCode: boolean): void;
  onSignedIn?(outcome: { guid: string; created: boolean }): void;
}) {
  const dispatch = useAppDispatch();
  const [error, setError] = useState<FoyerError | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  // Once per key, even when React runs effects twice: a link works only once.
  const tried = useRef<string | null>(null);
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  });
  useEffect(() => {
    if (tried.current === linkKey) return;
    tried.current = linkKey;
    void dispatch(signInWithEmailCodeLink(linkKey)).then((result) => {
      if (result.ok) signedIn.current?.({ guid: result.guid, created: result.created });
      else setError(result.error);
    });
  }, [dispatch, linkKey]);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  if (!error) {
    return (
      <div className="loading" role="status" aria-busy="true" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>{t('emailCode.linkChecking')}</span>
      </div>
    );
  }
  return (
    <ErrorMessageBox ref={errorRef} error={error} onClose={() => onDone(false)}>
      <LinkButton onClick={() => onDone(true)}>{t('emailCode.linkRetry')}</LinkButton>
    </ErrorMessageBox>
  );
}
