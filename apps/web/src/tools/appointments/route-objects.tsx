import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

// The mini-app's route list (001 §2) under /bureau; README.md in this folder maps each entry. The
// pages load lazily from ./routes, so the tool stays one chunk that other tools never download.
const load = () => import('./routes');
const AppointmentPage = lazy(() => load().then((m) => ({ default: m.AppointmentPage })));
const NotAvailablePage = lazy(() => load().then((m) => ({ default: m.NotAvailablePage })));
const StaffAppointmentsPage = lazy(() => load().then((m) => ({ default: m.StaffAppointmentsPage })));
const BookingSettingsPage = lazy(() => load().then((m) => ({ default: m.BookingSettingsPage })));

/** Inside the header shell: the staff view and the mini-app routes whose content 001 does not show. */
export const appointmentsShellRoutes: RouteObject[] = [
  // 001 §2: '/' appears twice; the later entry redirects to /application, which is not shown.
  { path: 'bureau', element: <Navigate to="/bureau/application" replace /> },
  { path: 'bureau/application', element: <NotAvailablePage /> },
  { path: 'bureau/time', element: <NotAvailablePage /> },
  { path: 'bureau/oldregis', element: <NotAvailablePage /> },
  // 001 §2 /registration is the records tool (the bureau tool's page).
  { path: 'bureau/registration', element: <Navigate to="/bureau/records" replace /> },
  { path: 'bureau/appointments', element: <StaffAppointmentsPage /> },
  { path: 'bureau/appointments/settings', element: <BookingSettingsPage /> },
];

/** Full screen, as inside LINE: /appointment (001 §2). */
export const appointmentsBareRoutes: RouteObject[] = [{ path: 'bureau/appointment', element: <AppointmentPage /> }];
