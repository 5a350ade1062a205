import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { makeSportRegistration } from '@guildhall/testkit/sports-demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, createTestClock } from '@server/test-support/build-test-app';
import { toolDb } from '@server/core/db/tool-db';
import type { SportsTables } from './sports-tables';
import { makeSportsDeps } from './sports-deps';
import { upsertSports } from './upsert-sports';

// 002 §2 print action through the core document service: a vector A4 PDF whose Thai text survives
// extraction (ARCHITECTURE.md §7). SQLite only: the PDF does not depend on the dialect, and the
// list query is covered on both in sports.int.test.ts.
describe('printed registration list', () => {
  let t: TestApp;
  let sportId = 0;
  let leadToken = '';

  beforeAll(async () => {
    // 06:22 UTC is 01:22 in New York (and 13:22 in Bangkok, the default zone): the list must follow
    // the configured SCHOOL_TIME_ZONE, not a zone fixed in code.
    t = await buildTestApp({
      discord: false,
      roblox: false,
      clock: createTestClock(Date.parse('2026-11-21T06:22:00Z')),
      env: { ENABLED_TOOLS: 'sports', SCHOOL_TIME_ZONE: 'America/New_York' },
    });
    await upsertSports(makeSportsDeps(t.ctx), [
      { name: 'ตะกร้อ (Sepak Takraw)', description: 'ทีมตะกร้อ', total_spots: 9, eligibility_level: 'open' },
    ]);
    sportId = (await toolDb<SportsTables>(t.database).selectFrom('sports').select('id').executeTakeFirstOrThrow()).id;
    const student = await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId: '68960001', email: 'สมชาย@school.test' }));
    await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId: '90000004', role: 'sports_lead' }));
    const now = t.clock.now();
    await toolDb<SportsTables>(t.database)
      .insertInto('sport_registrations')
      .values(makeSportRegistration(sportId, student.id, { status: 'selected', created_at: now, updated_at: now }))
      .execute();
    leadToken = (await t.signInSchool('90000004')).token;
  }, 60_000);
  afterAll(() => t?.close());

  it('answers an A4 PDF with real, extractable Thai text', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/sports/api/admin/sport-registrations.pdf?sportId=${sportId}`,
      headers: { authorization: `Bearer ${leadToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('.pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sports-pdf-'));
    const file = path.join(dir, 'list.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('ตะกร้อ (Sepak Takraw)');
    expect(text).toContain('สมชาย@school.test');
    expect(text).toContain('68960001');
    expect(text).toContain('Main Player');
    // Printed and registered at the clock's instant, shown in the school's configured zone.
    expect(text).toContain('Printed 21 Nov 2026, 01:22');
    expect(text).toMatch(/68960001\s+\S+\s+21 Nov 2026, 01:22\s+Main Player/);
    expect(text).not.toContain('13:22');
    // A4 portrait is 595 x 842 points.
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toContain('Tryout registrations: ตะกร้อ (Sepak Takraw)');
    expect(info).toMatch(/Page size:\s+59\d(\.\d+)? x 84\d(\.\d+)? pts \(A4\)/);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('refuses students and anonymous callers before printing anything', async () => {
    const { token } = await t.signInSchool('68960001');
    const asStudent = await t.request({
      method: 'GET',
      url: `/sports/api/admin/sport-registrations.pdf?sportId=${sportId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asStudent.statusCode).toBe(403);
    const anonymous = await t.request({ method: 'GET', url: `/sports/api/admin/sport-registrations.pdf?sportId=${sportId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  // Issue 16 item 1: the list follows the language of the person printing: `lang` from the page,
  // else the browser's Accept-Language; English (002's words) otherwise.
  const printText = async (query: string, headers: Record<string, string> = {}) => {
    const res = await t.request({
      method: 'GET',
      url: `/sports/api/admin/sport-registrations.pdf?sportId=${sportId}${query}`,
      headers: { authorization: `Bearer ${leadToken}`, ...headers },
    });
    expect(res.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sports-pdf-'));
    const file = path.join(dir, 'list.pdf');
    fs.writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    return { text, info };
  };

  it('prints in Thai for a Thai reader, with Buddhist-era dates in the school zone', async () => {
    const { text, info } = await printText('&lang=th');
    expect(text).toContain('รายชื่อผู้สมัครคัดตัวนักกีฬา');
    expect(text).toContain('รหัสนักเรียน');
    expect(text).toContain('วันที่สมัคร');
    expect(text).toContain('ตัวจริง');
    expect(text).not.toContain('Main Player');
    expect(text).not.toContain('Tryout registrations');
    // 21 Nov 2026 01:22 in New York is 21 พ.ย. 2569 (B.E. = C.E. + 543).
    expect(text).toMatch(/พิมพ์เมื่อ 21 พ\.ย\. 2569 01:22/);
    expect(text).toMatch(/68960001\s+\S+\s+21 พ\.ย\. 2569 01:22\s+ตัวจริง/);
    expect(info).toContain('รายชื่อผู้สมัครคัดตัวนักกีฬา: ตะกร้อ (Sepak Takraw)');
  }, 60_000);

  it('prints in Thai from Accept-Language when the page sends no lang, and in English otherwise', async () => {
    const fromHeader = await printText('', { 'accept-language': 'th-TH,th;q=0.9,en;q=0.8' });
    expect(fromHeader.text).toContain('รายชื่อผู้สมัครคัดตัวนักกีฬา');
    const english = await printText('&lang=en', { 'accept-language': 'th-TH' });
    expect(english.text).toContain('Tryout registrations');
    expect(english.text).toContain('Main Player');
    expect(english.text).not.toContain('ตัวจริง');
    const bad = await t.request({
      method: 'GET',
      url: `/sports/api/admin/sport-registrations.pdf?sportId=${sportId}&lang=fr`,
      headers: { authorization: `Bearer ${leadToken}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_input' });
    // The first language of Accept-Language that the list speaks, not only the very first.
    expect((await printText('', { 'accept-language': 'fr-FR,th;q=0.8' })).text).toContain('รายชื่อผู้สมัครคัดตัวนักกีฬา');
  }, 60_000);

  it("prints and exports what the lead's Show filter lists, with each reserve's waiting-list place and school times", async () => {
    // Two reserves: the later registration queued first (a lead set it back), so it is place 1.
    const db = toolDb<SportsTables>(t.database);
    const now = t.clock.now();
    for (const [studentId, createdAt, queuedAt] of [
      ['68960002', now + 60_000, now + 180_000],
      ['68960003', now + 120_000, now + 120_000],
    ] as const) {
      const account = await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId }));
      await db
        .insertInto('sport_registrations')
        .values(
          makeSportRegistration(sportId, account.id, {
            status: 'reserve',
            created_at: createdAt,
            updated_at: createdAt,
            queued_at: queuedAt,
          }),
        )
        .execute();
    }
    const reserves = await printText('&status=reserve&lang=en');
    expect(reserves.text).toContain('Only Reserve Player');
    expect(reserves.text).not.toContain('68960001');
    expect(reserves.text).toMatch(/68960002[\s\S]*Waiting list: 2/);
    expect(reserves.text).toMatch(/68960003[\s\S]*Waiting list: 1/);
    expect((await printText('&lang=en')).text).not.toContain('Only ');

    const csv = async (query: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/sports/api/admin/sport-registrations.csv?sportId=${sportId}${query}`,
        headers: { authorization: `Bearer ${leadToken}` },
      });
      expect(res.statusCode).toBe(200);
      return res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    };
    const all = await csv('');
    expect(all[0]).toBe('registration_id,student_id,student_email,registration_date,status,status_label,waiting_position');
    // 06:22 UTC is 01:22 in New York, the school's zone, as on the screen and the printed list.
    expect(all[1]).toMatch(/^\d+,68960001,สมชาย@school\.test,2026-11-21 01:22:00,selected,Main Player,$/);
    expect(all.slice(1).map((line) => line.split(',').slice(1, 2).concat(line.split(',').slice(-1)))).toEqual([
      ['68960001', ''],
      ['68960002', '2'],
      ['68960003', '1'],
    ]);
    expect((await csv('&status=reserve')).slice(1).map((line) => line.split(',')[1])).toEqual(['68960002', '68960003']);
    expect((await csv('&status=selected')).slice(1).map((line) => line.split(',')[1])).toEqual(['68960001']);
  }, 60_000);
});
