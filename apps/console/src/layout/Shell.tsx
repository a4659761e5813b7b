/**
 * The console's frame: a skip link, the header (who is signed in, sign out), the navigation (a
 * menu button on a phone) with only the sections the operator may open, and the page's <main>.
 */
import { ROLE_LABELS, type AdminPermission } from '@foyer/api/admin';
import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { adminApi, useSignOutMutation } from '../api/adminApi';
import { signedOut } from '../app/authSlice';
import { useAppDispatch, useAppSelector } from '../app/hooks';

export const SECTIONS: { to: string; label: string; permission?: AdminPermission }[] = [
  { to: '/', label: 'Home' },
  { to: '/dashboard', label: 'Dashboard', permission: 'figures:read' },
  { to: '/accounts', label: 'Accounts', permission: 'accounts:read' },
  { to: '/orders', label: 'Orders', permission: 'orders:read' },
  { to: '/subscriptions', label: 'Subscriptions', permission: 'subscriptions:read' },
  { to: '/configuration', label: 'Configuration', permission: 'config:read' },
  { to: '/webhooks', label: 'Webhooks', permission: 'webhooks:read' },
  { to: '/audit', label: 'Audit log', permission: 'audit:read' },
  { to: '/operators', label: 'Operators', permission: 'operators:manage' },
];

export function Shell() {
  const session = useAppSelector((state) => state.auth.session)!;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signOut, signingOut] = useSignOutMutation();
  const sections = SECTIONS.filter(({ permission }) => !permission || session.permissions.includes(permission));

  // A navigation closes the phone menu and puts focus at the new page's start (not on the first
  // load, where the skip link must stay the first stop of the keyboard).
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    setMenuOpen(false);
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.pathname]);

  const onSignOut = async () => {
    try {
      await signOut().unwrap();
    } catch {
      // Signed out here either way: the cookie ends with its session or its idle timeout.
    }
    dispatch(signedOut());
    navigate('/login', { replace: true });
    dispatch(adminApi.util.resetApiState());
  };

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">Foyer console</span>
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div className="who">
          <span>
            {session.operator.email} <span className="role">({ROLE_LABELS[session.operator.role]})</span>
          </span>
          <button type="button" onClick={() => void onSignOut()} disabled={signingOut.isLoading}>
            Sign out
          </button>
        </div>
      </header>
      <nav id="console-nav" aria-label="Console" className={menuOpen ? 'sections open' : 'sections'}>
        <ul>
          {sections.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} end={to === '/'}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
