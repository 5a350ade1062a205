// Test support for the recruitment integration tests (not used by the running server). The app is
// the shared buildTestApp (test-support/build-test-app.ts); these are what the recruitment tests add:
// one signed-in person for each 000 §6 role (testkit factories, signed in with t.signInDiscord), the
// form an admin would set up, sample files and a row count.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { type DiscordUserRecord, makeDiscordUser, makeVerifiedPair } from '@guildhall/testkit/factories';
import { demoStages, makeRecruitmentQuestion, makeRecruitmentRole } from '@guildhall/testkit/recruitment-demo';
import type { TestApp } from '@server/test-support/build-test-app';

/** buildTestApp's `env` for the recruitment tests: only this tool, rate limits out of the way. */
export const RECRUITMENT_TEST_ENV = {
  ENABLED_TOOLS: 'recruitment',
  RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
};

/** 000 §6 roles, plus a second applicant to prove one applicant cannot reach another's data. */
export type Who = 'anonymous' | 'unverified' | 'applicant' | 'other' | 'admin';
export const EVERYONE: Who[] = ['anonymous', 'unverified', 'applicant', 'other', 'admin'];

export type RecruitmentForm = { roleId: number; stageIds: number[]; textId: number; choiceId: number; fileId: number };

/** The people of 000 §6, signed in, and requests made as them. */
export interface RecruitmentPeople {
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

/** A verified pair in the registry (000 §6: only verified members may apply); answers its Discord user. */
export async function addVerifiedMember(t: TestApp, discord: Partial<DiscordUserRecord> = {}): Promise<DiscordUserRecord> {
  const pair = makeVerifiedPair({ discord });
  await t.ctx.registry.upsertPair(pair.discord.id, pair.roblox.id);
  return pair.discord;
}

/** Signs in the people of 000 §6 on a buildTestApp app (the usernames are the ones the tests read back). */
export async function withRecruitmentPeople<T extends TestApp>(t: T): Promise<T & RecruitmentPeople> {
  const people: Record<Exclude<Who, 'anonymous'>, DiscordUserRecord> = {
    unverified: makeDiscordUser({ username: 'new.visitor' }),
    applicant: await addVerifiedMember(t, { username: 'signal.sam' }),
    other: await addVerifiedMember(t, { username: 'points.polly' }),
    admin: await addVerifiedMember(t, { username: 'chief.dispatcher' }),
  };
  await t.ctx.grants.grant(people.admin.id, 'recruitment-admin');
  const cookies = new Map<Who, string>();
  for (const [who, user] of Object.entries(people) as Array<[Exclude<Who, 'anonymous'>, DiscordUserRecord]>)
    cookies.set(who, await t.signInDiscord(user));
  const harness: T & RecruitmentPeople = Object.assign(t, {
    idOf: (who: Exclude<Who, 'anonymous'>) => people[who].id,
    cookieOf: (who: Who) => cookies.get(who),
    newSessionCookie: async (who: Who) => (who === 'anonymous' ? undefined : t.signInDiscord(people[who])),
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
      // The tests name these stages ('Accepted', 'Declined' decide the status, 000 §4).
      for (const stage of [{ ...demoStages[0]!, name: 'Received' }, ...demoStages.slice(1)]) {
        stageIds.push((await harness.post('/recruitment/api/stages/create', 'admin', stage)).json().id);
      }
      const roleId = (await harness.post('/recruitment/api/roles/create', 'admin', makeRecruitmentRole({ name: 'Dispatcher' }))).json().id;
      const create = async (question: object) =>
        (await harness.post('/recruitment/api/questions/create', 'admin', question)).json().id as number;
      const textId = await create(makeRecruitmentQuestion({ text: 'Why you?', type: 'text' }));
      const choiceId = await create(
        makeRecruitmentQuestion({ text: 'Hours a week?', type: 'multiple-choice', options: ['Under 5', '5 to 10'] }),
      );
      const fileId = await create(makeRecruitmentQuestion({ text: 'Your CV', type: 'file' }));
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
export const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Counts of every recruitment table, to prove a refused write wrote nothing. */
export async function countRows(harness: TestApp): Promise<Record<string, number>> {
  const db = harness.database.db.withTables<Record<string, Record<string, unknown>>>();
  const tables = [
    'recruitment_settings',
    'recruitment_stages',
    'recruitment_roles',
    'recruitment_questions',
    'recruitment_uploads',
    'recruitment_applications',
    'recruitment_audit',
    'recruitment_notes',
    'recruitment_question_roles',
    'recruitment_avatars',
    'recruitment_drafts',
    'recruitment_edit_drafts',
    'recruitment_notifications',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    counts[table] = Number((row as { n: unknown } | undefined)?.n ?? 0);
  }
  const uploadsDir = path.join(harness.dataDir, 'uploads', 'recruitment');
  counts.files = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).length : 0;
  return counts;
}

/** A local HTTP receiver standing in for a Discord webhook (RECRUITMENT_WEBHOOK_URL). */
export async function startWebhookReceiver(): Promise<{
  url: string;
  messages: Array<{ content: string; allowed_mentions: unknown }>;
  close(): Promise<void>;
}> {
  const messages: Array<{ content: string; allowed_mentions: unknown }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      messages.push(JSON.parse(body));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, messages, close: () => new Promise((r) => server.close(() => r())) };
}
