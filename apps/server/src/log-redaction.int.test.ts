import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { demoPeople } from '@guildhall/testkit/demo-data';
import { buildTestApp, type TestApp } from './test-support/build-test-app';

/** A pino destination that keeps every line the app logs. */
function logCapture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

// Issue 10 item 5: a private calendar feed URL is a capability (whoever has it reads the feed), so it
// must never be written to a log, at any level, in any field.
describe('log lines', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('carry no feed token, only a redaction marker, for the appointments and homework feeds', async () => {
    const { stream, lines } = logCapture();
    t = await buildTestApp({ roblox: false, env: { ENABLED_TOOLS: 'appointments,timetable' }, logger: { level: 'trace', stream } });
    const staff = demoPeople.find((p) => p.key === 'staff')!;
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    const issued = await t.request({ method: 'POST', url: '/bureau/worker/staff/calendar-feed', cookie: await t.signInAs('staff') });
    const calendarPath = new URL(issued.json<{ url: string }>().url).pathname;
    const calendarToken = /\/calendar\/([\w-]+)\.ics$/.exec(calendarPath)![1]!;
    expect((await t.app.inject({ url: calendarPath })).statusCode).toBe(200);

    // A homework feed token of the issued shape; refused or not, its request is logged.
    const homeworkToken = crypto.randomBytes(24).toString('base64url');
    await t.app.inject({ url: `/timetable/api/feed/${homeworkToken}.ics?x=1` });
    // Any other line that quotes the URL, in its message or its fields.
    t.app.log.warn({ link: `${t.config.publicUrl}${calendarPath}` }, `feed ${calendarPath} was shared`);

    const all = lines.join('\n');
    expect(lines.some((line) => line.includes('"url":"/bureau/worker/calendar/[redacted].ics"'))).toBe(true);
    expect(lines.some((line) => line.includes('"url":"/timetable/api/feed/[redacted].ics?x=1"'))).toBe(true);
    expect(all).toContain('"msg":"feed /bureau/worker/calendar/[redacted].ics was shared"');
    expect(all).not.toContain(calendarToken);
    expect(all).not.toContain(homeworkToken);
    // The rest of the request log is kept.
    expect(all).toContain('"url":"/bureau/worker/staff/calendar-feed"');
  });
});
