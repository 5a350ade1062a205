import type { FastifyInstance } from 'fastify';
import { FeedFileParams } from '@guildhall/contracts';
import {
  CancelAppointmentParams,
  CancelAppointmentRequest,
  CreateAppointmentRequest,
  MockIdTokenRequest,
  RegisterUserRequest,
  AttendanceRequest,
  AvailabilityQuery,
  JoinWaitlistRequest,
  StaffRangeQuery,
  CancelMyAppointmentRequest,
  MyAppointmentsQuery,
  SaveBookingSettingsRequest,
  StaffDayQuery,
  type WorkerConfigAnswer,
} from '@guildhall/contracts/appointments';
import { requireGrant, sessionToken } from '@server/core/auth/request-auth';
import { watchAccess } from '@server/core/auth/watch-access';
import { DomainError } from '@server/core/errors/domain-error';
import { parseInput } from '@server/core/http/parse-input';
import type { AppointmentsDeps } from './appointments-deps';
import { authenticateLineUser } from './authenticate-line-user';
import { cancelAppointment } from './cancel-appointment';
import { createAppointment } from './create-appointment';
import { findCalendarFeedOwner } from './find-calendar-feed-owner';
import { issueCalendarFeed } from './issue-calendar-feed';
import { cancelMyAppointment } from './cancel-my-appointment';
import { describeBooking } from './describe-booking';
import { exportAppointmentsCsv } from './export-appointments-csv';
import { listRangeAppointments } from './list-range-appointments';
import { markAttendance } from './mark-attendance';
import { streamAppointmentChanges } from './stream-appointment-changes';
import { listMyAppointments } from './list-my-appointments';
import { joinWaitlist } from './waitlist';
import { listAvailability } from './list-availability';
import { listDayAppointments } from './list-day-appointments';
import { mintMockIdToken } from './mint-mock-id-token';
import { registerLineUser } from './register-line-user';
import { renderCalendarFeed } from './render-calendar-feed';
import { readBookingSettings, saveBookingSettings } from './save-booking-settings';

/** 001 §7 "worker-api" is served under /bureau/worker (ARCHITECTURE.md §1). */
export async function registerAppointmentRoutes(app: FastifyInstance, deps: AppointmentsDeps): Promise<void> {
  const { config } = app.ctx;
  const publicLimit = { rateLimit: { max: config.RATE_LIMIT_PUBLIC_PER_MINUTE, timeWindow: '1 minute' } };

  app.get('/bureau/worker/config', async (): Promise<WorkerConfigAnswer> => {
    const mockUsers = deps.line.mock ? (await import('@guildhall/testkit/appointments-demo')).demoLineUsers : undefined;
    return {
      liffId: config.LIFF_ID ?? (deps.line.mock ? 'guildhall-mock-liff' : null),
      mock: deps.line.mock,
      booking: await describeBooking(deps),
      ...(mockUsers ? { mockUsers } : {}),
    };
  });

  // Issue 15 item 1: the free slots of the next N days (no identity needed: it names no one).
  app.get('/bureau/worker/availability', { config: publicLimit }, async (request, reply) => {
    const { days } = parseInput(AvailabilityQuery, request.query);
    void reply.header('cache-control', 'no-store');
    return listAvailability(deps, days);
  });

  // 001 §7: userId + displayName, sent on page load after the profile is read.
  app.post('/bureau/worker/register-user', { config: publicLimit }, async (request) => {
    const input = parseInput(RegisterUserRequest, request.body);
    return registerLineUser(deps, input, await authenticateLineUser(deps, request, input.userId));
  });

  // 001 §7: userId, datetime, topic, reschedule_id; on failure the mini-app shows the error field.
  app.post('/bureau/worker/create-appointment', { config: publicLimit }, async (request) => {
    const input = parseInput(CreateAppointmentRequest, request.body);
    const user = await authenticateLineUser(deps, request, input.userId);
    return createAppointment(deps, user, input);
  });

  // Issue 15 item 2: the LINE user's own bookings, and cancelling one (rescheduling is 001's reschedule_id).
  app.get('/bureau/worker/my-appointments', { config: publicLimit }, async (request, reply) => {
    const { userId } = parseInput(MyAppointmentsQuery, request.query);
    const user = await authenticateLineUser(deps, request, userId);
    void reply.header('cache-control', 'private, no-store');
    return listMyAppointments(deps, user.userId);
  });

  app.post('/bureau/worker/cancel-appointment', { config: publicLimit }, async (request) => {
    const input = parseInput(CancelMyAppointmentRequest, request.body);
    const user = await authenticateLineUser(deps, request, input.userId);
    return cancelMyAppointment(deps, user.userId, input.id);
  });

  // Issue 15 item 6: join a full day's waitlist.
  app.post('/bureau/worker/waitlist', { config: publicLimit }, async (request) => {
    const input = parseInput(JoinWaitlistRequest, request.body);
    const user = await authenticateLineUser(deps, request, input.userId);
    return joinWaitlist(deps, user.userId, input.date);
  });

  if (deps.line.mock) {
    app.post('/bureau/worker/mock/id-token', { config: publicLimit }, async (request) =>
      mintMockIdToken(deps, parseInput(MockIdTokenRequest, request.body)),
    );
  }

  // Staff view (/bureau/appointments): Discord sign-in with the bureau-staff grant.
  app.get('/bureau/worker/staff/appointments', async (request) => {
    await requireGrant(request, 'bureau-staff');
    return listDayAppointments(deps, parseInput(StaffDayQuery, request.query));
  });

  app.post('/bureau/worker/staff/appointments/:id/cancel', async (request) => {
    const staff = await requireGrant(request, 'bureau-staff');
    const { id } = parseInput(CancelAppointmentParams, request.params);
    const { reason, expectedStart } = parseInput(CancelAppointmentRequest, request.body);
    return cancelAppointment(deps, { discordId: staff.subject }, id, reason, expectedStart);
  });

  // Issue 15 item 5: the staff calendar (day and week views), attendance, CSV export, live changes.
  app.get('/bureau/worker/staff/calendar', async (request) => {
    await requireGrant(request, 'bureau-staff');
    return listRangeAppointments(deps, parseInput(StaffRangeQuery, request.query));
  });

  app.get('/bureau/worker/staff/appointments.csv', async (request, reply) => {
    await requireGrant(request, 'bureau-staff');
    const query = parseInput(StaffRangeQuery, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="appointments_${query.from}_${query.to}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(await exportAppointmentsCsv(deps, query));
  });

  app.post('/bureau/worker/staff/appointments/:id/attendance', async (request) => {
    await requireGrant(request, 'bureau-staff');
    const { id } = parseInput(CancelAppointmentParams, request.params);
    const { attendance } = parseInput(AttendanceRequest, request.body);
    return markAttendance(deps, id, attendance);
  });

  const streams = new Set<() => void>();
  // Open event streams would hold the server's close; end them first.
  app.addHook('preClose', async () => {
    for (const stop of streams) stop();
  });
  app.get('/bureau/worker/staff/events', async (request, reply) => {
    const session = await requireGrant(request, 'bureau-staff');
    reply.hijack();
    const stop = streamAppointmentChanges(app.ctx, reply.raw);
    // As the records stream: it ends when the session ends or the grant is revoked.
    const unwatch = watchAccess(app.ctx, { token: sessionToken(request)!, session, role: 'bureau-staff' }, stop);
    streams.add(stop);
    reply.raw.on('close', () => {
      streams.delete(stop);
      unwatch();
    });
  });

  // Issue 15 item 3: the rules staff set (settings page /bureau/appointments/settings).
  app.get('/bureau/worker/staff/settings', async (request) => {
    await requireGrant(request, 'bureau-staff');
    return readBookingSettings(deps);
  });

  app.put('/bureau/worker/staff/settings', async (request) => {
    const staff = await requireGrant(request, 'bureau-staff');
    return saveBookingSettings(deps, { discordId: staff.subject }, parseInput(SaveBookingSettingsRequest, request.body));
  });

  app.post('/bureau/worker/staff/calendar-feed', async (request) => {
    const staff = await requireGrant(request, 'bureau-staff');
    return issueCalendarFeed(deps, staff.subject);
  });

  app.get('/bureau/worker/staff/calendar.ics', async (request, reply) => {
    await requireGrant(request, 'bureau-staff');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(await renderCalendarFeed(deps));
  });

  app.get('/bureau/worker/calendar/:file', async (request, reply) => {
    const { file } = parseInput(FeedFileParams, request.params);
    const owner = await findCalendarFeedOwner(deps, file);
    // A revoked grant ends the feed too; every refusal looks the same so tokens cannot be probed.
    if (!owner || !(await app.ctx.grants.has(owner, 'bureau-staff'))) throw new DomainError('not_found', 'No such calendar feed.');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(await renderCalendarFeed(deps));
  });
}
