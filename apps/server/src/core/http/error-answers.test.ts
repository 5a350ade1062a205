import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { ADMIN_ERRORS } from '@guildhall/contracts/admin';
import { APPOINTMENTS_ERRORS } from '@guildhall/contracts/appointments';
import { BUREAU_ERRORS } from '@guildhall/contracts/bureau';
import { CORE_ERRORS, ErrorAnswer, type ErrorCatalogue } from '@guildhall/contracts/core';
import { RECRUITMENT_ERRORS } from '@guildhall/contracts/recruitment';
import { SPORTS_ERRORS } from '@guildhall/contracts/sports';
import { TIMETABLE_ERRORS } from '@guildhall/contracts/timetable';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error';
import { ERROR_TABLE } from './error-table';
import { registerHttpCore } from './http-plugin';
import { parseInput } from './parse-input';

// Issue 11 item 3, decision 0017: codes, one table, and `{error, code}` for every failure.
describe('the error table', () => {
  const catalogues: Record<string, ErrorCatalogue> = {
    core: CORE_ERRORS,
    recruitment: RECRUITMENT_ERRORS,
    bureau: BUREAU_ERRORS,
    appointments: APPOINTMENTS_ERRORS,
    timetable: TIMETABLE_ERRORS,
    sports: SPORTS_ERRORS,
    admin: ADMIN_ERRORS,
  };

  it('gives every code an error status and a sentence', () => {
    for (const [code, { status, sentence }] of Object.entries(ERROR_TABLE)) {
      expect(Number.isInteger(status) && status >= 400 && status <= 599, code).toBe(true);
      expect(sentence.trim(), code).not.toBe('');
    }
  });

  it("holds every catalogue's codes, none twice, each tool's under its own name", () => {
    const all = Object.entries(catalogues).flatMap(([owner, catalogue]) => Object.keys(catalogue).map((code) => [owner, code] as const));
    // A code spread twice into the table would silently take the later status: refuse it here.
    expect(all.map(([, code]) => code).sort()).toEqual(Object.keys(ERROR_TABLE).sort());
    for (const [owner, code] of all) {
      if (owner === 'core') expect(code, code).toMatch(/^[a-z_]+$/);
      else expect(code, code).toMatch(new RegExp(`^${owner}\\.[a-z_]+$`));
    }
  });
});

describe('the error handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false, bodyLimit: 64 });
    await registerHttpCore(app, { publicOrigin: 'http://localhost:3000', isProduction: false });
    app.get('/closed', async () => {
      throw new DomainError('sports.registration_closed');
    });
    app.get('/named', async () => {
      throw new DomainError('not_found', 'There is no such role.');
    });
    app.post('/parse', async (request) => parseInput(z.object({ name: z.string() }), request.body));
    app.get('/crash', async () => {
      throw new Error('a bug');
    });
    app.get('/outage', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const answerOf = async (options: InjectOptions) => {
    const res = await app.inject(options);
    return { status: res.statusCode, body: ErrorAnswer.strict().parse(res.json()) };
  };

  it("answers a DomainError with its code's status and default sentence", async () => {
    expect(await answerOf({ url: '/closed' })).toEqual({
      status: 403,
      body: { error: 'Registration is currently closed.', code: 'sports.registration_closed' },
    });
  });

  it("answers a DomainError's own sentence with its code", async () => {
    expect(await answerOf({ url: '/named' })).toEqual({ status: 404, body: { error: 'There is no such role.', code: 'not_found' } });
  });

  it('answers a parse failure as invalid_input naming the field', async () => {
    const sent = { method: 'POST', url: '/parse', headers: { origin: 'http://localhost:3000' }, payload: { name: 5 } } as const;
    expect(await answerOf(sent)).toEqual({ status: 400, body: { error: expect.stringMatching(/^name: /), code: 'invalid_input' } });
  });

  it("answers Fastify's own refusals with our codes", async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      answerOf({ method: 'POST', url: '/parse', headers: { origin: 'http://localhost:3000', ...headers }, payload });
    expect(await post({ 'content-type': 'application/json' }, '{"name": ')).toEqual({
      status: 400,
      body: { error: 'The request body is not valid JSON.', code: 'invalid_json' },
    });
    expect(await post({ 'content-type': 'application/json' }, JSON.stringify({ name: 'x'.repeat(100) }))).toEqual({
      status: 413,
      body: { error: 'The request body is too large.', code: 'body_too_large' },
    });
    expect(await post({ 'content-type': 'application/x-strange' }, 'hi')).toEqual({
      status: 415,
      body: { error: 'This content type is not accepted here.', code: 'unsupported_media_type' },
    });
  });

  it('answers a cross-site write as cross_site', async () => {
    const res = await answerOf({ method: 'POST', url: '/parse', headers: { origin: 'https://evil.example', cookie: 'a=b' }, payload: {} });
    expect(res).toEqual({ status: 403, body: { error: expect.stringContaining('another site'), code: 'cross_site' } });
  });

  it('answers a database outage 503 database_unavailable and a bug 500 internal', async () => {
    expect(await answerOf({ url: '/outage' })).toEqual({
      status: 503,
      body: { error: CORE_ERRORS.database_unavailable.sentence, code: 'database_unavailable' },
    });
    expect(await answerOf({ url: '/crash' })).toEqual({ status: 500, body: { error: CORE_ERRORS.internal.sentence, code: 'internal' } });
  });
});

// "No HttpError below the routes", true by construction: HTTP status codes are chosen in one table,
// so no server file outside core/http names a status for a failure or an HttpError.
describe('no HTTP below the routes', () => {
  const root = path.resolve(__dirname, '../..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(full);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    });

  it('leaves no HttpError and no statusCode test in the server code outside core/http', () => {
    const offenders = sources(root)
      .filter((file) => !file.startsWith(path.join(root, 'core', 'http') + path.sep))
      .filter((file) => /\bHttpError\b|http-error|\bstatusCode\s*===/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
