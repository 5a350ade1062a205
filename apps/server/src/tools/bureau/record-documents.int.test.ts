import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoInfractions, demoPerson } from '@guildhall/testkit/demo-data';
import { makeBan, makeInfraction } from '@guildhall/testkit/factories';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

// 001 §2 "Printable document", §9: printed by the real Chromium (CHROMIUM_PATH), read back with
// poppler's pdftotext, so the text is proven real and extractable (Thai included), not an image.
const thai = demoPerson('thai');
const banned = demoPerson('banned');
const member = demoPerson('member');
const staff = demoPerson('staff');

function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', pdf: Buffer, args: string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bureau-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const pdfText = (pdf: Buffer) => poppler('pdftotext', pdf, ['-raw']);

describe('record documents (Chromium print)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        BUREAU_OFFICE_SUBTITLE: 'Office of Test Records',
        BUREAU_OFFICER_NAME: 'Officer Olive',
        PUBLIC_URL: 'https://guildhall.example',
      },
    });
    for (const p of [thai, banned, member, staff]) await t.ctx.registry.upsertPair(p.discord.id, p.roblox!.id);
    for (const infraction of demoInfractions) await t.ctx.registry.addInfraction(infraction);
    await t.ctx.registry.setBan(
      makeBan(banned.roblox!.id, { moderator: 'ModeratorMike', reason: 'Derailing', time: 1_722_470_400, username: 'DerailDan' }),
    );
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    cookie = await t.signInAs('staff');
  });
  afterAll(() => t?.close());

  const get = (discordId: string, type: string) => t.request({ url: `/bureau/api/records/${discordId}/documents/${type}`, cookie });

  it('prints the registration record with real text, Thai included, named registration_{robloxUsername}.pdf', async () => {
    const response = await get(thai.discord.id, 'registration');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="registration_SomchaiRail.pdf"');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(100 * 1024);
    const text = pdfText(pdf);
    for (const expected of [
      'BUREAU OF REGISTRATION',
      'Office of Test Records',
      'Subject Information',
      'Discord',
      'Roblox',
      'สมชาย ใจดี',
      'สมชาย รถไฟ',
      'somchai.rail',
      'SomchaiRail',
      thai.discord.id,
      thai.roblox!.id,
      '10 January 2022',
      '9 September 2019',
      'Verified',
      'Clear',
      'Scan for Verification',
      'Officer Olive',
      'Registration Officer',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // 001 §9: one A4 portrait page; fonts embedded (subsets), so the text reads the same everywhere.
    const info = poppler('pdfinfo', pdf);
    expect(info).toMatch(/Page size:\s+59\d\.\d+ x 84\d\.\d+ pts \(A4\)/);
    expect(info).toMatch(/Title:\s+Registration_SomchaiRail/);
    expect(info).toMatch(/Pages:\s+1\n/);
    const fonts = poppler('pdffonts', pdf).split('\n').slice(2).filter(Boolean);
    expect(fonts.some((line) => line.includes('NotoSansThai'))).toBe(true);
    expect(fonts.every((line) => / yes yes /.test(line))).toBe(true);
  });

  it('prints the infraction record: cards sorted by id across both platforms, reason only when present', async () => {
    const response = await get(banned.discord.id, 'infraction');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="infraction_DerailDan.pdf"');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Infraction Record');
    const discordCard = text.indexOf('Spamming in #general');
    const robloxCard = text.indexOf('Derailing trains on purpose');
    expect(discordCard).toBeGreaterThan(0);
    expect(robloxCard).toBeGreaterThan(discordCard); // id 1.70e12 before 1.71e12
    expect(text).toContain('Note: Third warning');
    expect(text).toContain('Note: N/A');
    expect(text).toContain('Moderator: ModeratorMike');

    const thaiRecord = pdfText((await get(thai.discord.id, 'infraction')).rawPayload);
    expect(thaiRecord).toContain('Moderator: ผู้ดูแล สมศรี');
    expect(thaiRecord).toContain('Note: ตักเตือนด้วยวาจา');
    expect(thaiRecord).not.toContain('Reason:');

    const clean = pdfText((await get(member.discord.id, 'infraction')).rawPayload);
    expect(clean).toContain('No infractions on record for any platform.');
  });

  // Issue 14 item 5: the PDFs carry the case numbers, with the case's label, expiry and hidden flag.
  it('prints each infraction with its case number', async () => {
    const opened = await t.request({
      method: 'POST',
      url: '/bureau/api/cases',
      cookie,
      payload: { platform: 'Roblox', subjectId: member.roblox!.id, type: 'kick', reason: 'Trolling at spawn', hidden: true },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { number } = (opened.json() as { case: { number: number } }).case;
    const text = pdfText((await get(member.discord.id, 'infraction')).rawPayload);
    expect(text).toContain(`Case: No. ${number} · Kick · hidden from the checker`);
    expect(text).toContain('Reason: Trolling at spawn');
    expect(text).not.toContain('No infractions on record for any platform.');
  });

  // Issue 10 item 20: a long record runs over several pages, and every page names its subject, is
  // numbered and carries the footer (the QR code, the officer and the signature), not only the last.
  it('prints a 15-infraction record on several pages, each with the subject, "Page N of M" and the footer', async () => {
    for (let i = 0; i < 15; i += 1) {
      await t.ctx.registry.addInfraction(
        makeInfraction(i % 2 ? 'Roblox' : 'Discord', i % 2 ? staff.roblox!.id : staff.discord.id, {
          id: 1_690_000_000_000 + i * 86_400_000,
          moderator: 'ModeratorMike',
          reason: `Reason number ${i + 1}`,
          note: i % 3 ? null : 'A longer note that takes a second line on the card so the record runs over a few pages of A4 paper.',
        }),
      );
    }
    for (const [type, minPages] of [
      ['infraction', 3],
      ['registration', 1],
    ] as const) {
      const pdf = (await get(staff.discord.id, type)).rawPayload;
      const pages = Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', pdf))![1]);
      expect(pages).toBeGreaterThanOrEqual(minPages);
      for (let n = 1; n <= pages; n += 1) {
        const text = poppler('pdftotext', pdf, ['-raw', '-f', String(n), '-l', String(n)]);
        for (const expected of [
          `Subject: RoseRegistrar`,
          `Page ${n} of ${pages}`,
          'Scan for Verification',
          'Officer Olive',
          'Registration Officer',
        ]) {
          expect(text, `${type} page ${n}: ${expected}`).toContain(expected);
        }
      }
      if (type === 'infraction') {
        // Every card is printed once, in id order, across the pages.
        const all = pdfText(pdf);
        const order = Array.from({ length: 15 }, (_, i) => all.indexOf(`Reason: Reason number ${i + 1}\n`));
        expect(order.every((at) => at > 0)).toBe(true);
        expect([...order].sort((a, b) => a - b)).toEqual(order);
      }
    }
  });

  // Found by an audit: one long word widened the sheet past A4 (header, Roblox block and footer cut
  // off, 127 of 1,000 characters printed); a card taller than the room left went whole to the next
  // page, leaving a blank one; a note's line breaks were lost.
  it('wraps long words, keeps line breaks, and lets a tall card run on from the page it starts on', async () => {
    const page = (pdf: Buffer, n: number) => poppler('pdftotext', pdf, ['-raw', '-f', String(n), '-l', String(n)]);
    await t.ctx.registry.addInfraction(
      makeInfraction('Discord', thai.discord.id, {
        id: 1_700_000_000_001,
        moderator: 'M'.repeat(100),
        reason: 'A'.repeat(1000),
        note: 'Line one\nLine two',
      }),
    );
    await t.ctx.registry.addInfraction(
      makeInfraction('Discord', thai.discord.id, { id: 1_700_000_000_004, reason: 'Spam 😀🎉👍🏽🇹🇭', note: null }),
    );
    const pdf = (await get(thai.discord.id, 'infraction')).rawPayload;
    // Emoji print from the system's colour emoji font (Chromium embeds its glyphs as Type 3 fonts);
    // without it they printed as empty boxes of Noto Sans.
    const fonts = poppler('pdffonts', pdf).split('\n').slice(2).filter(Boolean);
    expect(fonts.some((line) => / Type 3 /.test(line))).toBe(true);
    const first = page(pdf, 1);
    for (const expected of [
      'BUREAU OF REGISTRATION',
      'Subject:',
      'Roblox',
      'Scan for Verification',
      'Officer Olive',
      'Registration Officer',
      'Line one\nLine two',
    ])
      expect(first, expected).toContain(expected);
    expect(pdfText(pdf).match(/A/g)!.length).toBeGreaterThanOrEqual(1000);
    expect(pdfText(pdf).match(/M/g)!.length).toBeGreaterThanOrEqual(100);

    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    for (const id of [1_700_000_000_002, 1_700_000_000_003])
      await t.ctx.registry.addInfraction(
        makeInfraction('Discord', thai.discord.id, { id, reason: `Tall ${id} ${words(140)}`, note: words(300) }),
      );
    const tall = (await get(thai.discord.id, 'infraction')).rawPayload;
    const pages = Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', tall))![1]);
    // Each tall card runs on from where the one before it ends: the second starts on the page where
    // the first's note ends (kept whole, it went to the next page and left the rest of that one blank).
    const texts = Array.from({ length: pages }, (_, i) => page(tall, i + 1));
    const firstPageWith = (needle: string) => texts.findIndex((text) => text.includes(needle)) + 1;
    expect(firstPageWith('Tall 1700000000003')).toBe(firstPageWith('word299'));
  });

  // Found by an audit (decision 0069): a name or text someone else chose printed as it came. A
  // right-to-left override in a ban's Username (a Roblox account the API does not know) reversed the
  // rest of the subject line, Discord and Roblox IDs included; a letter with 30 stacked accents drew a
  // line up over the card and the subject block. They print written out, as the owner console shows
  // them (decision 0067); Thai marks and a note's line breaks print as typed.
  it('writes out direction controls and stacked marks in names and texts others chose', async () => {
    const discordId = '700000000000000001';
    const robloxId = '9900000001';
    const stacked = `Z${'\u0301'.repeat(30)}algo`;
    await t.ctx.registry.upsertPair(discordId, robloxId);
    await t.ctx.registry.setBan(makeBan(robloxId, { username: `Eve\u202Egnp.exe\nSecond line`, moderator: stacked }));
    await t.ctx.registry.addInfraction(
      makeInfraction('Roblox', robloxId, { id: 1_700_000_000_000, moderator: stacked, reason: 'Spam \u202Eevil', note: 'ที่นี่\nLine two' }),
    );
    try {
      const registration = pdfText((await get(discordId, 'registration')).rawPayload);
      // A name keeps to one line: its line break is written out too.
      expect(registration).toContain(`Subject: Eve[U+202E]gnp.exe[U+000A]Second line · Discord ID ${discordId} · Roblox ID ${robloxId}`);
      const record = pdfText((await get(discordId, 'infraction')).rawPayload);
      // Four marks stay on the letter; the 26 after them are written out (wrapped over lines).
      expect(record.replace(/\n/g, '')).toContain(`${'[U+0301]'.repeat(26)}algo`);
      expect(record.normalize('NFD')).not.toMatch(/\p{Mn}{5}/u);
      expect(record).toContain('Reason: Spam [U+202E]evil');
      expect(record).toContain('Note: ที่นี่\nLine two');
    } finally {
      await t.ctx.registry.deletePair(discordId);
    }
  });

  // Decision 0069: a note of many blank lines printed them all, pushing the record over pages of
  // nothing; a run of them prints as one, none at either end (the stored note is unchanged).
  it('prints a run of blank lines in a note as one, and none at its ends', async () => {
    const discordId = '700000000000000002';
    const robloxId = '9900000002';
    const note = `${'\n'.repeat(50)}Top line${'\n'.repeat(400)}Bottom line${'\n \n'.repeat(100)}`;
    await t.ctx.registry.upsertPair(discordId, robloxId);
    await t.ctx.registry.addInfraction(makeInfraction('Roblox', robloxId, { id: 1_700_000_000_000, reason: `\n\nSpam\n\n\n`, note }));
    try {
      const pdf = (await get(discordId, 'infraction')).rawPayload;
      expect(poppler('pdfinfo', pdf)).toMatch(/Pages:\s+1\n/);
      const text = pdfText(pdf);
      expect(text).toContain('Reason: Spam\nNote: Top line\n');
      expect(text.indexOf('Bottom line')).toBeGreaterThan(text.indexOf('Top line'));
      expect(await t.ctx.registry.listInfractions('Roblox', robloxId)).toMatchObject([{ note }]);
    } finally {
      await t.ctx.registry.deletePair(discordId);
    }
  });

  // Decision 0072: the footer sat under the content on the last page of a long record (a table's footer
  // group follows the content there), and a record that just filled its page printed one more holding
  // only the header and the footer. A card's note grows a line at a time over three pages: each page
  // has the footer at the same place at its foot, the last included, and the last page ends the note.
  it('prints the footer at the foot of every page of records of 1, 2 and 3+ pages, and no page after the last line', async () => {
    const discordId = '700000000000000003';
    const robloxId = '9900000003';
    const id = 1_700_000_000_000;
    await t.ctx.registry.upsertPair(discordId, robloxId);
    const footerTops = new Set<number>();
    const pageCounts = new Set<number>();
    try {
      for (let lines = 10; lines <= 60; lines += 1) {
        const note = Array.from({ length: lines }, (_, i) => `Line ${i + 1}`).join('\n');
        await t.ctx.registry.removeInfraction('Roblox', robloxId, id);
        await t.ctx.registry.addInfraction(makeInfraction('Roblox', robloxId, { id, reason: 'Spam', note }));
        const pdf = (await get(discordId, 'infraction')).rawPayload;
        const pages = poppler('pdftotext', pdf, ['-bbox']).split('<page ').slice(1);
        pageCounts.add(pages.length);
        for (const [n, page] of pages.entries()) {
          const height = Number(/height="([\d.]+)"/.exec(page)![1]);
          const tops = [...page.matchAll(/yMin="([\d.]+)"[^>]*>Scan</g)].map((m) => Number(m[1]));
          expect(tops, `${lines} lines, page ${n + 1}`).toHaveLength(1);
          expect(tops[0]! / height, `${lines} lines, page ${n + 1}`).toBeGreaterThan(0.88);
          footerTops.add(Math.round(tops[0]!));
        }
        const last = poppler('pdftotext', pdf, ['-raw', '-f', String(pages.length), '-l', String(pages.length)]);
        expect(last, `${lines} lines`).toContain(`Line ${lines}\n`);
      }
      expect([...footerTops]).toHaveLength(1);
      expect([...pageCounts].sort()).toEqual([1, 2, 3]);
    } finally {
      await t.ctx.registry.deletePair(discordId);
    }
  });

  it('answers 404 for a Discord id with no pair, before printing anything', async () => {
    const response = await get('123456789012345678', 'registration');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'not_found' });
  });
});
