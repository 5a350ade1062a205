import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Page } from '../ui/page';
import { StatusCard } from '../ui/status-card';

/**
 * What a person sees when a page crashes while rendering. The usual cause after a deployment is a
 * tool chunk that no longer exists (its hash changed), which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An unknown error occurred.';
  return (
    <main id="main">
      <Page title="Something went wrong" width="narrow">
        <StatusCard tone="danger" title="This page could not be shown">
          <p>{message}</p>
          <p>
            <a href={window.location.href}>Reload the page</a> or <a href="/">go to the list of tools</a>.
          </p>
        </StatusCard>
      </Page>
    </main>
  );
}
