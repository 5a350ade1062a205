// Test support for the recruitment integration tests (not used by the running server): the shared
// buildTestApp (test-support/build-test-app.ts), plus one signed-in person for each 000 §6 role
// and the form an admin would set up.
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../core/db/database';
import { type BuildTestAppOptions, type TestApp, buildTestApp } from '../../test-support/build-test-app';

/** 000 §6 roles, plus a second applicant to prove one applicant cannot reach another's data. */
export type Who = 'anonymous' | 'unverified' | 'applicant' | 'other' | 'admin';
export const EVERYONE: Who[] = ['anonymous', 'unverified', 'applicant', 'other', 'admin'];

const PEOPLE: Record<Exclude<Who, 'anonymous'>, { id: string; name: string; verified: boolean; admin: boolean }> = {
  unverified: { id: '700000000000000001', name: 'new.visitor', verified: false, admin: false },
  applicant: { id: '700000000000000002', name: 'signal.sam', verified: true, admin: false },
  other: { id: '700000000000000003', name: 'points.polly', verified: true, admin: false },
  admin: { id: '700000000000000004', name: 'chief.dispatcher', verified: true, admin: true },
};

export type RecruitmentForm = { roleId: number; stageIds: number[]; textId: number; choiceId: number; fileId: number };

export interface RecruitmentTestApp extends TestApp {
  idOf(who: Exclude<Who, 'anonymous'>): string;
  cookieOf(who: Who): string | undefined;
  /** A second, separate session for `who` (so logging it out leaves the shared one alone). */
  newSessionCookie(who: Who): Promise<string | undefined>;
  get(url: string, who: Who): Promise<LightMyRequestResponse>;
  post(url: string, who: Who, body?: unknown): Promise<LightMyRequestResponse>;
  upload(who: Who, data: Buffer, name: string, contentType?: string): Promise<LightMyRequestResponse>;
  /** Sets up a form as an admin would: stages, a role and one question of each type; opens applications. */
  setUpForm(): Promise<RecruitmentForm>;
  /** Submits a complete application as `who` (uploading the file first). */
  apply(who: Who, form: RecruitmentForm): Promise<LightMyRequestResponse>;
}

/** buildTestApp with only the recruitment tool, rate limits out of the way, and the people of 000 §6 signed in. */
export async function startRecruitmentTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: Pick<BuildTestAppOptions, 'discord' | 'clock'> = {},
): Promise<RecruitmentTestApp> {
  const t = await buildTestApp({
    dialect,
    roblox: false,
    ...options,
    env: { ENABLED_TOOLS: 'recruitment', RATE_LIMIT_PUBLIC_PER_MINUTE: '100000', RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000', ...env },
  });
  const cookies = new Map<Who, string>();
  const identityOf = (who: Exclude<Who, 'anonymous'>) => ({ kind: 'discord' as const, subject: PEOPLE[who].id, displayName: PEOPLE[who].name, avatar: null });
  for (const [who, person] of Object.entries(PEOPLE) as Array<[Exclude<Who, 'anonymous'>, (typeof PEOPLE)['admin']]>) {
    if (person.verified) await t.ctx.registry.upsertPair(person.id, String(9_000_000 + Number(person.id.slice(-1))));
    if (person.admin) await t.ctx.grants.grant(person.id, 'recruitment-admin');
    cookies.set(who, await t.signIn(identityOf(who)));
  }
  const harness: RecruitmentTestApp = Object.assign(t, {
    idOf: (who: Exclude<Who, 'anonymous'>) => PEOPLE[who].id,
    cookieOf: (who: Who) => cookies.get(who),
    newSessionCookie: async (who: Who) => (who === 'anonymous' ? undefined : t.signIn(identityOf(who))),
    get: (url: string, who: Who) => t.request({ method: 'GET', url, cookie: cookies.get(who) }),
    post: (url: string, who: Who, body?: unknown) =>
      t.request({ method: 'POST', url, cookie: cookies.get(who), ...(body === undefined ? {} : { payload: body as object }) }),
    upload: (who: Who, data: Buffer, name: string, contentType = 'application/pdf') =>
      t.request({
        method: 'POST',
        url: '/recruitment/api/upload-file',
        cookie: cookies.get(who),
        headers: { 'content-type': contentType, 'x-filename': encodeURIComponent(name) },
        payload: data,
      }),
    async setUpForm() {
      const stageIds: number[] = [];
      for (const [name, color] of [['Received', '#6c757d'], ['Interview', '#0b5ed7'], ['Accepted', '#146c43'], ['Declined', '#b02a37']] as const) {
        stageIds.push((await harness.post('/recruitment/api/stages/create', 'admin', { name, color })).json().id);
      }
      const roleId = (await harness.post('/recruitment/api/roles/create', 'admin', { name: 'Dispatcher' })).json().id;
      const textId = (await harness.post('/recruitment/api/questions/create', 'admin', { text: 'Why you?', type: 'text' })).json().id;
      const choiceId = (await harness.post('/recruitment/api/questions/create', 'admin', { text: 'Hours a week?', type: 'multiple-choice', options: ['Under 5', '5 to 10'] })).json().id;
      const fileId = (await harness.post('/recruitment/api/questions/create', 'admin', { text: 'Your CV', type: 'file' })).json().id;
      await harness.post('/recruitment/api/settings/update', 'admin', { key: 'applicationsOpen', value: 'true' });
      return { roleId, stageIds, textId, choiceId, fileId };
    },
    async apply(who: Who, form: RecruitmentForm) {
      const { finalUrl } = (await harness.upload(who, SAMPLE_PDF, 'cv.pdf')).json();
      return harness.post('/recruitment/api/submit', who, {
        jobSelection: form.roleId,
        answers: { [form.textId]: 'I love trains.', [form.choiceId]: '5 to 10', [form.fileId]: finalUrl },
      });
    },
  });
  return harness;
}

/** The smallest file file-type recognises as a PDF. */
export const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A 1x1 PNG. */
export const SAMPLE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Counts of every recruitment table, to prove a refused write wrote nothing. */
export async function countRows(harness: RecruitmentTestApp): Promise<Record<string, number>> {
  const db = harness.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const tables = ['recruitment_settings', 'recruitment_stages', 'recruitment_roles', 'recruitment_questions', 'recruitment_uploads', 'recruitment_applications', 'recruitment_audit', 'recruitment_notes'];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    counts[table] = Number((row as { n: unknown } | undefined)?.n ?? 0);
  }
  const uploadsDir = path.join(harness.dataDir, 'uploads', 'recruitment');
  counts.files = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).length : 0;
  return counts;
}
