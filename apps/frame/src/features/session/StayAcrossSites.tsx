import { useEffect, useState } from 'react';
import { t } from '../../app/i18n';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import './messages';
import { ssoRefresh } from './ssoRefresh';

/** The Storage Access API as far as we use it (not in every DOM typing yet). */
interface StorageAccessDocument {
  hasStorageAccess?: () => Promise<boolean>;
  requestStorageAccess?: () => Promise<void>;
}

type Offer = 'hidden' | 'offer' | 'busy' | 'denied';

/** 'granted' when the visitor allowed it before: then access is given again without a click. */
async function alreadyGranted(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'storage-access' as PermissionName });
    return status.state === 'granted';
  } catch {
    return false;
  }
}

/**
 * Whether to offer the button: not when access is there already, nor when the visitor granted
 * it before (then access is taken again, and the SSO refresh runs, without a click).
 */
const storageAccessOffer = createAppAsyncThunk<'hidden' | 'offer', StorageAccessDocument>(
  'session/storageAccessOffer',
  async (api, { dispatch }) => {
    if (await api.hasStorageAccess!().catch(() => true)) return 'hidden';
    if (!(await alreadyGranted())) return 'offer';
    try {
      await api.requestStorageAccess!();
    } catch {
      return 'offer';
    }
    await dispatch(ssoRefresh());
    return 'hidden';
  },
);

/**
 * 'Stay signed in across sites': where the browser partitions or blocks this embedded frame's
 * cookies (hasStorageAccess() is false), a visitor's click asks for storage access; once granted,
 * the frame sees the SSO cookie every site of the group shares and runs an SSO refresh. Hidden
 * where the API is missing, access is already there, or the frame is not embedded.
 */
export function StayAcrossSites({ doc = document }: { doc?: Document }) {
  const dispatch = useAppDispatch();
  const embedded = useAppSelector((state) => state.frame.mode === 'embedded');
  const enabled = useAppSelector((state) => state.frame.settings.enableSSOMode);
  const [offer, setOffer] = useState<Offer>('hidden');
  const api = doc as unknown as StorageAccessDocument;

  useEffect(() => {
    if (!embedded || !enabled || !api.hasStorageAccess || !api.requestStorageAccess) return;
    const running = dispatch(storageAccessOffer(api));
    // Aborted when the widget goes: its answer is then nobody's.
    running.unwrap().then(setOffer, () => {});
    return () => running.abort();
  }, [api, dispatch, embedded, enabled]);

  if (offer === 'hidden') return null;
  if (offer === 'denied') return <p className="storage-access">{t('session.storageDenied')}</p>;
  return (
    <div className="storage-access">
      <p>{t('session.staySignedInHelp')}</p>
      <button
        type="button"
        className="button"
        disabled={offer === 'busy'}
        onClick={async () => {
          setOffer('busy');
          try {
            // Must run inside the click: browsers grant storage access only on a user gesture.
            await api.requestStorageAccess!();
          } catch {
            setOffer('denied');
            return;
          }
          setOffer('hidden');
          await dispatch(ssoRefresh());
        }}
      >
        {t('session.staySignedIn')}
      </button>
    </div>
  );
}
