import { Link, useLocation } from 'react-router';
import { Page } from '@/ui';

/**
 * 001 §2 lists /application, /time and /oldregis (and /) in the mini-app's routes but shows nothing
 * of them, so Guildhall does not invent their content: they say so and point to what exists.
 */
export function NotAvailablePage() {
  const location = useLocation();
  return (
    <Page title="Not available" width="narrow" lead={`The page ${location.pathname} is not available in Guildhall.`}>
      <p>The bureau&apos;s mini-app offers these pages:</p>
      <ul>
        <li>
          <Link to="/bureau/appointment">Book an appointment</Link>
        </li>
        <li>
          <Link to="/bureau/checker">Verification status checker</Link>
        </li>
        <li>
          <Link to="/bureau/records">Records (bureau staff)</Link>
        </li>
      </ul>
    </Page>
  );
}
