import type { FastifyInstance } from 'fastify';
import { FeedFileParams } from '@guildhall/contracts';
import {
  CancelAppointmentParams,
  CancelAppointmentRequest,
  CreateAppointmentRequest,
  MockIdTokenRequest,
  RegisterUserRequest,
  StaffDayQuery,
  type WorkerConfigAnswer,
} from '@guildhall/contracts/appointments';
import { requireGrant } from '@server/core/auth/request-auth';
import { DomainError } from '@server/core/errors/domain-error';
import { parseInput } from '@server/core/http/parse-input';
import type { AppointmentsDeps } from './appointments-deps';
import { authenticateLineUser } from './authenticate-line-user';
import { cancelAppointment } from './cancel-appointment';
import { createAppointment } from './create-appointment';
import { findCalendarFeedOwner } from './find-calendar-feed-owner';
import { issueCalendarFeed } from './issue-calendar-feed';
import { listDayAppointments } from './list-day-appointments';
import { mintMockIdToken } from './mint-mock-id-token';
import { registerLineUser } from './register-line-user';
import { renderCalendarFeed } from './render-calendar-feed';

/** 001 §7 "worker-api" is served under /bureau/worker (ARCHITECTURE.md §1). */
export async function registerAppointmentRoutes(app: FastifyInstance, deps: AppointmentsDeps): Promise<void> {
  const { config } = app.ctx;
  const publicLimit = { rateLimit: { max: config.RATE_LIMIT_PUBLIC_PER_MINUTE, timeWindow: '1 minute' } };

  app.get('/bureau/worker/config', async (): Promise<WorkerConfigAnswer> => {
    const mockUsers = deps.line.mock ? (await import('@guildhall/testkit/appointments-demo')).demoLineUsers : undefined;
    return {
      liffId: config.LIFF_ID ?? (deps.line.mock ? 'guildhall-mock-liff' : null),
      mock: deps.line.mock,
      booking: { ...deps.rules },
      ...(mockUsers ? { mockUsers } : {}),
    };
  });

  // 001 §7: userId + displayName, sent on page load after the profile is read.
  app.post('/bureau/worker/register-user', { config: publicLimit }, async (request) => {
    const input = parseInput(RegisterUserRequest, request.body);
    await authenticateLineUser(deps, request, input.userId);
    return registerLineUser(deps, input);
  });

  // 001 §7: userId, datetime, topic, reschedule_id; on failure the mini-app shows the error field.
  app.post('/bureau/worker/create-appointment', { config: publicLimit }, async (request) => {
    const input = parseInput(CreateAppointmentRequest, request.body);
    const user = await authenticateLineUser(deps, request, input.userId);
    return createAppointment(deps, user, input);
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
    const { reason } = parseInput(CancelAppointmentRequest, request.body);
    return cancelAppointment(deps, { discordId: staff.subject }, id, reason);
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
