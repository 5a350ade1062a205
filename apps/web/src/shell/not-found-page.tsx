import { Link, useLocation } from 'react-router';
import { Page } from '../ui/page';

/** Any path no tool claims; tools also render it for unknown paths inside their own subtree. */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <Page title="Page not found" width="narrow">
      <p>
        There is no page at <code>{location.pathname}</code>.
      </p>
      <p>
        <Link to="/">Go to the list of tools</Link>
      </p>
    </Page>
  );
}
