import type { AdminPermission } from '@foyer/api/admin';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** Whether the signed-in operator may do this: the console hides what the API would refuse (403). */
export function usePermission(permission: AdminPermission): boolean {
  return useAppSelector((state) => state.auth.session?.permissions.includes(permission) ?? false);
}
