import { useMemo } from 'react';
import { useAppDispatch } from './hooks';
import type { FrameServices } from './services';
import type { AppThunk } from './thunk';

const servicesOf = (): AppThunk<FrameServices> => (_dispatch, _getState, extra) => extra;

/** The frame's injected services (storage, host bridge, event hub, fetch), as the thunks see them. */
export function useServices(): FrameServices {
  const dispatch = useAppDispatch();
  return useMemo(() => dispatch(servicesOf()), [dispatch]);
}
