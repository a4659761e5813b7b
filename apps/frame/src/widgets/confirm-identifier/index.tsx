import { useEffect } from 'react';
import type { ConfirmIdentifierAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import { t } from '../../app/i18n';
import type { WidgetProps } from '../../app/widgetProps';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { confirmIdentifier, identifierConfirmRequest } from '../../features/identity/confirm';
import '../../features/identity/confirmMessages';

/**
 * Identifier change confirmation (issue 11): the page the mailed link opens. Confirms with the
 * host page's `guid` and `identifierChangeKey` query parameters as soon as it shows, then shows
 * the outcome with its severity.
 */
export default function ConfirmIdentifierWidget({ attributes }: WidgetProps<ConfirmIdentifierAttributes>) {
  const dispatch = useAppDispatch();
  const guid = useAppSelector((state) => state.frame.query.guid);
  const key = useAppSelector((state) => state.frame.query.identifierChangeKey);
  const confirmation = useAppSelector(identifierConfirmRequest.select);

  useEffect(() => {
    void dispatch(confirmIdentifier({ guid, key }));
  }, [dispatch, guid, key]);

  if (confirmation.status === 'idle' || confirmation.status === 'loading') return <Loading />;
  const outcome = confirmation.status === 'succeeded' ? confirmation.data : confirmation.error;
  return (
    <>
      {attributes.showHeader && <h1>{attributes.title ?? t('confirm-identifier.title')}</h1>}
      <ErrorMessageBox error={outcome} />
    </>
  );
}
