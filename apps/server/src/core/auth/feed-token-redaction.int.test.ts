import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

// Issue 10 item 5: a feed URL is a capability and never reaches a log. The router decodes a
// percent-encoded `.ics` too, so a feed asked for as `<token>%2Eics` is served, and its line must
// carry the redaction marker as the plain spelling's does.
describe.each(DIALECTS)('feed tokens in the request log on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('are redacted however the feed file name is percent-encoded, and the feed is still served', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    t = await buildTestApp({
      dialect,
      discord: false,
      roblox: false,
      env: { ENABLED_TOOLS: 'timetable' },
      logger: { level: 'info', stream },
    });
    await t.ctx.schoolAccounts.create({ studentId: '65001', password: 'correct horse battery', role: 'student' });
    const { token: session } = await t.signInSchool('65001');
    const issued = await t.request({ method: 'POST', url: '/timetable/api/homework-feed', token: session });
    expect(issued.statusCode).toBe(200);
    const feedPath = new URL(issued.json<{ url: string }>().url).pathname;
    const feedToken = /\/([\w-]+)\.ics$/.exec(feedPath)![1]!;

    const spellings = [
      feedPath,
      feedPath.replace(/\.ics$/, '%2Eics'),
      feedPath.replace(/\.ics$/, '%2e%69%63%73'),
      // A literal dot with its letters encoded: the quick check before the pattern let these through whole.
      feedPath.replace(/\.ics$/, '.%69cs'),
      feedPath.replace(/\.ics$/, '.i%63s'),
    ];
    for (const url of spellings) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/calendar/);
    }
    // Any other line quoting the encoded URL is redacted too.
    t.app.log.warn(`feed ${spellings[1]} was shared`);

    const all = lines.join('\n');
    expect(all).not.toContain(feedToken);
    expect(lines.filter((line) => line.includes('"url":"/timetable/api/feed/[redacted].ics"'))).toHaveLength(spellings.length);
    expect(all).toContain('"msg":"feed /timetable/api/feed/[redacted].ics was shared"');
  });
});
