// The appointments tool's pages, loaded as one chunk (tool-appointments-*.js) by route-objects.tsx.
export { AppointmentPage } from './pages/appointment-page';
export { NotAvailablePage } from './pages/not-available-page';
export { StaffAppointmentsPage } from './pages/staff-appointments-page';
export { BookingSettingsPage } from './pages/booking-settings-page';
