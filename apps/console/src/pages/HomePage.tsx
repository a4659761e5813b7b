/** The console's start: where to go. */
import { Link } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { SECTIONS } from '../layout/Shell';
import { usePageTitle } from '../ui/parts';

const DESCRIPTIONS: Record<string, string> = {
  '/accounts': 'Find a person by e-mail or guid: their services, sessions and purchases; lock, export or delete.',
  '/orders': 'Orders and payments: confirm bank transfers and cash, refund, see what the providers said.',
  '/subscriptions': 'Renewals, past-due ones and their failures; cancel or resume.',
  '/dashboard': 'Registrations, sign-ins, subscriptions, recurring revenue, renewals and the paywall funnel.',
  '/configuration': 'Products, plans, services, paywall and the other sections of the configuration.',
  '/webhooks': 'What your own backend was sent: each delivery, its tries, and send again.',
  '/audit': 'Every operator action and configuration change.',
  '/operators': 'Who may use this console, and with which role.',
};

export function HomePage() {
  usePageTitle('Home');
  const session = useAppSelector((state) => state.auth.session)!;
  const sections = SECTIONS.filter(
    ({ to, permission }) => to !== '/' && (!permission || session.permissions.includes(permission)),
  );
  return (
    <>
      <h1>Welcome, {session.operator.name || session.operator.email}</h1>
      <ul className="cards">
        {sections.map(({ to, label }) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
            <p>{DESCRIPTIONS[to]}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
