import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, useLocation } from 'react-router';
import { Page } from '../ui/page';
import { StatusCard } from '../ui/status-card';

/**
 * What a person sees when a page crashes while rendering. The usual cause after a deployment is a
 * tool chunk that no longer exists (its hash changed), which a reload fixes.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
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

/**
 * Catches what a page throws while rendering and shows RouteErrorPage in its place (decision 0035:
 * the app uses React Router's declarative router, whose routes have no errorElement). Moving to
 * another address tries the page again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary pathname={useLocation().pathname}>{children}</ErrorBoundary>;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

class ErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failedAt: null };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.pathname };
    return state.failedAt === props.pathname ? null : { error: null, failedAt: null };
  }

  override render() {
    return this.state.error !== null ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
