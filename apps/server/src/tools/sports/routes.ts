import type { FastifyInstance } from 'fastify';
import {
  ArchiveSportRequest,
  BulkUpdateRegistrationStatusRequest,
  PrintRegistrationsQuery,
  RegisterSportRequest,
  SportIdParams,
  SetRegistrationOpenRequest,
  REGISTRATIONS_NEXT_HEADER,
  REGISTRATIONS_PAGE_SIZE,
  REGISTRATIONS_TOTAL_HEADER,
  SportRegistrationsListQuery,
  SportRegistrationsQuery,
  UpdateRegistrationStatusRequest,
  type SportsConfigAnswer,
} from '@guildhall/contracts/sports';
import { signOut } from '@server/core/auth/request-auth';
import { signInSchoolAccount } from '@server/core/auth/sign-in-school-account';
import { parseInput } from '@server/core/http/parse-input';
import { findMyRegistration } from './find-my-registration';
import { formatRegistrationsCsv } from './format-registrations-csv';
import { countRegistrations, listSportRegistrations } from './list-sport-registrations';
import { listRegistrationPage } from './list-registration-page';
import { archiveSport, createSport, editSport } from './manage-sport';
import { listSports } from './list-sports';
import { printRegistrationList } from './print-registration-list';
import { printLanguage } from './registration-list-messages';
import { readRegistrationSettings } from './read-registration-settings';
import { registerForSport } from './register-for-sport';
import { setRegistrationOpen } from './set-registration-open';
import { requireSportsAccount, requireSportsAdmin, requireSportsStudent } from './sports-access';
import { makeSportsDeps } from './sports-deps';
import { bulkUpdateRegistrationStatus, updateRegistrationStatus } from './update-registration-status';
import { withdrawRegistration } from './withdraw-registration';

/** "Sports list" -> "sports-list", for download file names. */
export function fileSlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'sport'
  );
}

/** 002 §7 Sports API, under /sports/api (ARCHITECTURE.md §1). Every call: authenticate, parse, one service. */
export async function registerSportsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const deps = makeSportsDeps(ctx);
  const base = '/sports/api';

  app.post(
    `${base}/login`,
    { config: { rateLimit: { max: ctx.config.RATE_LIMIT_SIGN_IN_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => signInSchoolAccount(request, reply),
  );

  // The Logout button of 002 §2 ends the server session too, not only the stored token.
  app.post(`${base}/logout`, async (request, reply) => {
    await signOut(request, reply);
    return { message: 'Logged out.' };
  });

  // 002 §7: no bearer token on this call; the login screen reads it too.
  app.get(`${base}/settings/registration-status`, async () => readRegistrationSettings(deps.db));

  // 002 §4, §9: the Soviet login checks its password with the real login call for this fixed ID;
  // 002 §5: the level badge needs the prefixes. Public configuration, not secrets.
  app.get(`${base}/config`, async (): Promise<SportsConfigAnswer> => ({
    sovietStudentId: ctx.config.SPORTS_SOVIET_STUDENT_ID,
    levelPrefixes: { morton: [...ctx.config.SPORTS_JUNIOR_PREFIXES], morplai: [...ctx.config.SPORTS_SENIOR_PREFIXES] },
    timeZone: ctx.config.SCHOOL_TIME_ZONE,
  }));

  app.get(`${base}/sports`, async (request) => listSports(deps, await requireSportsAccount(request)));

  app.get(`${base}/my-registration`, async (request) => findMyRegistration(deps, await requireSportsAccount(request)));

  app.post(`${base}/register-sport`, async (request) => {
    const account = await requireSportsStudent(request);
    return registerForSport(deps, account, parseInput(RegisterSportRequest, request.body));
  });

  app.post(`${base}/registration/withdraw`, async (request) => withdrawRegistration(deps, await requireSportsStudent(request)));

  app.get(`${base}/admin/sport-registrations`, async (request, reply) => {
    await requireSportsAdmin(request);
    const { sportId, status, after, limit } = parseInput(SportRegistrationsListQuery, request.query);
    // 002 §7's call as the spec has it: every row. Decision 0070: with limit or after, one page of them.
    if (limit === undefined && after === undefined) return (await listSportRegistrations(deps, sportId, status)).rows;
    const page = await listRegistrationPage(deps, { sportId, status, after, limit: limit ?? REGISTRATIONS_PAGE_SIZE });
    if (page.nextCursor) reply.header(REGISTRATIONS_NEXT_HEADER, page.nextCursor);
    return reply.header(REGISTRATIONS_TOTAL_HEADER, String(page.total)).send(page.rows);
  });

  // Issue 16 item 3: counts per status for the lead.
  app.get(`${base}/admin/registration-counts`, async (request) => {
    await requireSportsAdmin(request);
    const { sportId } = parseInput(SportRegistrationsQuery, request.query);
    return countRegistrations(deps, sportId);
  });

  app.get(`${base}/admin/sport-registrations.csv`, async (request, reply) => {
    await requireSportsAdmin(request);
    // The lead's "Show" filter applies to the file too (it was checked, then left out).
    const { sportId, status } = parseInput(SportRegistrationsQuery, request.query);
    const { sportName, rows } = await listSportRegistrations(deps, sportId, status);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="registrations-${fileSlug(sportName)}.csv"; filename*=UTF-8''${encodeURIComponent(`registrations-${sportName}.csv`)}`,
      )
      .header('cache-control', 'no-store')
      .send(formatRegistrationsCsv(rows, deps.timeZone));
  });

  app.get(`${base}/admin/sport-registrations.pdf`, async (request, reply) => {
    await requireSportsAdmin(request);
    const { sportId, lang, status } = parseInput(PrintRegistrationsQuery, request.query);
    // Issue 16 item 1: printed in the language of the person printing.
    const language = printLanguage(lang, request.headers['accept-language']);
    const { sportName, pdf } = await printRegistrationList(deps, sportId, language, status);
    return reply
      .type('application/pdf')
      .header(
        'content-disposition',
        `inline; filename="registrations-${fileSlug(sportName)}.pdf"; filename*=UTF-8''${encodeURIComponent(`registrations-${sportName}.pdf`)}`,
      )
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.post(`${base}/admin/update-registration-status`, async (request) => {
    await requireSportsAdmin(request);
    return updateRegistrationStatus(deps, parseInput(UpdateRegistrationStatusRequest, request.body));
  });

  // Issue 16 item 3: several registrations of one sport at once, all or none.
  app.post(`${base}/admin/update-registration-statuses`, async (request) => {
    await requireSportsAdmin(request);
    return bulkUpdateRegistrationStatus(deps, parseInput(BulkUpdateRegistrationStatusRequest, request.body));
  });

  // Issue 16 item 4: sports managed on a page.
  app.post(`${base}/admin/sports`, async (request, reply) => {
    const account = await requireSportsAdmin(request);
    const sport = await createSport(deps, account, request.body);
    return reply.code(201).send(sport);
  });
  app.put(`${base}/admin/sports/:id`, async (request) => {
    const account = await requireSportsAdmin(request);
    return editSport(deps, account, parseInput(SportIdParams, request.params).id, request.body);
  });
  app.post(`${base}/admin/sports/:id/archive`, async (request) => {
    const account = await requireSportsAdmin(request);
    const { id } = parseInput(SportIdParams, request.params);
    return archiveSport(deps, account, id, parseInput(ArchiveSportRequest, request.body).archived);
  });

  app.post(`${base}/admin/settings/registration-status`, async (request) => {
    await requireSportsAdmin(request);
    return setRegistrationOpen(deps, parseInput(SetRegistrationOpenRequest, request.body));
  });
}
