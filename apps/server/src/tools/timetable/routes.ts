import type { FastifyInstance } from 'fastify';
import { FeedFileParams } from '@guildhall/contracts';
import {
  HomeworkCreateRequest,
  HomeworkUpdateRequest,
  ImportTimetableRequest,
  OverrideRequest,
  RepeatHomeworkRequest,
  ScheduleQuery,
  TimetableIdParams,
  type TimetableConfigAnswer,
  type TimetableMeAnswer,
} from '@guildhall/contracts/timetable';
import { requireSchoolSession, signOut } from '@server/core/auth/request-auth';
import { signInSchoolAccount } from '@server/core/auth/sign-in-school-account';
import { DomainError } from '@server/core/errors/domain-error';
import { parseInput } from '@server/core/http/parse-input';
import { createHomework } from './create-homework';
import { deleteHomework } from './delete-homework';
import { exportHomeworkCalendar } from './export-homework-calendar';
import { findHomeworkFeedOwner } from './find-homework-feed-owner';
import { importTimetable } from './import-timetable';
import { issueHomeworkFeed } from './issue-homework-feed';
import { listHomework } from './list-homework';
import { listOverrideSummary } from './list-override-summary';
import { listWeekSchedule } from './list-week-schedule';
import { markHomeworkDone, markOverdueHomeworkDone } from './mark-homework-done';
import { repeatHomework } from './repeat-homework';
import { TIMETABLE_SAMPLE_CSV } from './timetable-sample-csv';
import { readHomeworkFeedStatus } from './read-homework-feed-status';
import { revokeHomeworkFeed } from './revoke-homework-feed';
import { saveScheduleOverride } from './save-schedule-override';
import { makeTimetableDeps } from './timetable-deps';
import { updateHomework } from './update-homework';

const BASE = '/timetable/api';

/** ARCHITECTURE.md §1: 002 §7's schedule API under /timetable/api, kept path for path. */
export async function registerTimetableRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const deps = makeTimetableDeps(ctx);
  // The issue: every school account has its own timetable; the owner is always the signed-in account.
  const owner = async (request: Parameters<typeof requireSchoolSession>[0]) => (await requireSchoolSession(request)).account;

  // Sign-in with a school account (ARCHITECTURE.md §4), shared with the sports tool through core.
  app.post(
    `${BASE}/login`,
    { config: { rateLimit: { max: ctx.config.RATE_LIMIT_SIGN_IN_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => signInSchoolAccount(request, reply),
  );
  app.post(`${BASE}/logout`, async (request, reply) => {
    await signOut(request, reply);
    return { ok: true };
  });
  app.get(`${BASE}/me`, async (request): Promise<TimetableMeAnswer> => {
    const account = await owner(request);
    return { userId: account.id, studentId: account.studentId, email: account.email, role: account.role };
  });
  app.get(`${BASE}/config`, async (): Promise<TimetableConfigAnswer> => ({ ...deps.settings, serverNow: ctx.now() }));

  // 002 §7 Schedule API.
  app.get(`${BASE}/schedule`, async (request) =>
    listWeekSchedule(deps, (await owner(request)).id, parseInput(ScheduleQuery, request.query)),
  );
  app.post(`${BASE}/schedule/override`, async (request) =>
    saveScheduleOverride(deps, (await owner(request)).id, parseInput(OverrideRequest, request.body)),
  );
  app.get(`${BASE}/overrides/all`, async (request) => listOverrideSummary(deps, (await owner(request)).id));
  app.get(`${BASE}/homework`, async (request) => listHomework(deps, (await owner(request)).id));
  app.post(`${BASE}/homework`, async (request, reply) => {
    const account = await owner(request);
    const created = await createHomework(deps, account.id, parseInput(HomeworkCreateRequest, request.body));
    return reply.code(201).send(created);
  });
  app.put(`${BASE}/homework/:id`, async (request) => {
    const account = await owner(request);
    const { id } = parseInput(TimetableIdParams, request.params);
    return updateHomework(deps, account.id, id, parseInput(HomeworkUpdateRequest, request.body));
  });
  app.delete(`${BASE}/homework/:id`, async (request) => {
    const account = await owner(request);
    return deleteHomework(deps, account.id, parseInput(TimetableIdParams, request.params).id);
  });

  // Issue 16 item 5 (decision 0034): one-tap done, every overdue item done, weekly repeating homework.
  app.post(`${BASE}/homework/:id/done`, async (request) => {
    const account = await owner(request);
    return markHomeworkDone(deps, account.id, parseInput(TimetableIdParams, request.params).id);
  });
  app.post(`${BASE}/homework/mark-overdue-done`, async (request) => markOverdueHomeworkDone(deps, (await owner(request)).id));
  app.post(`${BASE}/homework/repeat`, async (request, reply) => {
    const account = await owner(request);
    return reply.code(201).send(await repeatHomework(deps, account.id, parseInput(RepeatHomeworkRequest, request.body)));
  });
  // The sample an empty timetable offers (issue 16 item 5): the columns the import reads, no personal data.
  app.get(`${BASE}/schedule/sample.csv`, async (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="timetable-sample.csv"')
      .send(TIMETABLE_SAMPLE_CSV),
  );

  // Guildhall's own: CSV import of the weekly timetable, homework as an iCalendar feed.
  app.post(`${BASE}/schedule/import`, async (request) => {
    const account = await owner(request);
    return importTimetable(deps, account.id, parseInput(ImportTimetableRequest, request.body).csv);
  });
  app.get(`${BASE}/homework.ics`, async (request, reply) => {
    const account = await owner(request);
    const body = await exportHomeworkCalendar(deps, account.id, account.studentId, ctx.config.publicUrl);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="homework.ics"')
      .header('cache-control', 'private, no-store')
      .send(body);
  });

  // A private, revocable subscription URL, since calendar apps cannot send the session.
  app.get(`${BASE}/homework-feed`, async (request) => readHomeworkFeedStatus(deps, (await owner(request)).id));
  app.post(`${BASE}/homework-feed`, async (request) => issueHomeworkFeed(deps, (await owner(request)).id, ctx.config.publicUrl));
  app.delete(`${BASE}/homework-feed`, async (request) => revokeHomeworkFeed(deps, (await owner(request)).id));
  app.get(
    `${BASE}/feed/:file`,
    { config: { rateLimit: { max: ctx.config.RATE_LIMIT_PUBLIC_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { file } = parseInput(FeedFileParams, request.params);
      const account = await findHomeworkFeedOwner(deps, ctx.schoolAccounts, file);
      // Unknown, malformed and revoked tokens all look the same, so tokens cannot be probed.
      if (!account) throw new DomainError('not_found', 'No such calendar feed.');
      const body = await exportHomeworkCalendar(deps, account.id, account.studentId, ctx.config.publicUrl);
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(body);
    },
  );
}
