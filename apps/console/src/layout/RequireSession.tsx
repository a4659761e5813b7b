/**
 * The signed-in part of the console: asks GET /session once on load; no session (401) → the
 * sign-in page, which brings the operator back here afterwards.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useGetSessionQuery } from '../api/adminApi';
import { sessionStarted } from '../app/authSlice';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { errorText } from '../api/adminApi';

export function RequireSession() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { session, ended } = useAppSelector((state) => state.auth);
  const probe = useGetSessionQuery(undefined, { skip: !!session || ended });

  useEffect(() => {
    if (probe.data && !session) dispatch(sessionStarted(probe.data));
  }, [probe.data, session, dispatch]);

  if (session) return <Outlet />;
  const unauthenticated = probe.error && 'status' in probe.error && probe.error.status === 401;
  if (ended || unauthenticated)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (probe.isError)
    return (
      <main id="main" className="centered">
        <div role="alert" className="alert">
          <p>{errorText(probe.error)}</p>
          <button type="button" onClick={() => void probe.refetch()}>
            Try again
          </button>
        </div>
      </main>
    );
  return (
    <main id="main" className="centered">
      <p role="status">Loading…</p>
    </main>
  );
}
