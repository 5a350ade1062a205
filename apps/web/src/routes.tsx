import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { AppLayout, PageLoading } from './shell/app-layout';
import { HomePage } from './shell/home-page';
import { NotFoundPage } from './shell/not-found-page';
import { RouteErrorBoundary } from './shell/route-error-page';
import { appointmentsBareRoutes, appointmentsShellRoutes } from './tools/appointments/route-objects';

/**
 * ARCHITECTURE.md §2: each tool is one lazily loaded route subtree, so the build makes one chunk
 * per tool and a visitor of one tool never downloads another. A tool's `tools/<tool>/routes.tsx`
 * default-exports a component that renders <Routes> for the pages under its path.
 *
 * To add a tool, add ONE line to `shellTools` (pages inside the header shell) or `bareTools`
 * (full-screen pages: the LINE mini-app, the costumed desktops). Paths end in `/*` so the tool owns
 * everything below; React Router ranks the more specific path first, so `bureau/appointment/*`
 * (appointments) wins over `bureau/*` (bureau) wherever the two lines sit.
 */
const shellTools: RouteObject[] = [
  toolRoute('bureau/*', () => import('./tools/bureau/routes')),
  toolRoute('recruitment/*', () => import('./tools/recruitment/routes')),
  toolRoute('sports/*', () => import('./tools/sports/routes')),
  ...appointmentsShellRoutes,
  toolRoute('timetable/*', () => import('./tools/timetable/routes')),
];

const bareTools: RouteObject[] = [...appointmentsBareRoutes, toolRoute('portfolio/*', () => import('./tools/portfolio/routes'))];

/** The design kit page (not a tool; not listed on the home page). */
const KitPage = lazy(() => import('./shell/kit-page'));
/** The owner console (issue 12 item 7; core, not a tool): its own chunk, linked from the header for owners only. */
const AdminRoutes = lazy(() => import('./admin/routes'));

function toolRoute(path: string, load: () => Promise<{ default: ComponentType }>): RouteObject {
  const Tool = lazy(load);
  return { path, element: <Tool /> };
}

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <HomePage /> },
      { path: 'kit', element: <KitPage /> },
      { path: 'admin/*', element: <AdminRoutes /> },
      ...shellTools,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // Without the shell there is no Suspense boundary above, so each bare tool brings its own.
  ...bareTools.map((route) => ({
    ...route,
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<PageLoading />}>{route.element}</Suspense>
      </RouteErrorBoundary>
    ),
  })),
];

/**
 * The pages for the address, inside <BrowserRouter> (main.tsx) or <StaticRouter> (the prerender).
 * Decision 0035: React Router's declarative router, not its data router (createBrowserRouter): no
 * page uses loaders or actions, and the data router's code doubled the router's share of the
 * JavaScript every page needs before it paints.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
