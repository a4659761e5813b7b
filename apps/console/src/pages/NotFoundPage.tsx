import { Link } from 'react-router-dom';
import { usePageTitle } from '../ui/parts';

export function NotFoundPage() {
  usePageTitle('Not found');
  return (
    <>
      <h1>This page does not exist</h1>
      <p>
        <Link to="/">Go to the console&apos;s start</Link>
      </p>
    </>
  );
}
