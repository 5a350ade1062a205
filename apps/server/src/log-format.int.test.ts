import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-support/build-test-app';

// Issue 12 item 8: one-line text for people with LOG_FORMAT=pretty, JSON lines otherwise; the
// feed-token redaction (issue 10 item 5) holds in both.

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('log format', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('writes one readable line per entry with LOG_FORMAT=pretty, tokens still redacted', async () => {
    const { stream, text } = capture();
    t = await buildTestApp({
      roblox: false,
      discord: false,
      env: { ENABLED_TOOLS: 'timetable', LOG_FORMAT: 'pretty' },
      logger: { level: 'info', stream },
    });
    const token = crypto.randomBytes(24).toString('base64url');
    await t.app.inject({ url: `/timetable/api/feed/${token}.ics` });
    t.app.log.info({ answer: 42 }, 'hello operator');
    const lines = text().split('\n').filter(Boolean);
    const hello = lines.find((line) => line.includes('hello operator'));
    expect(hello).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: hello operator .*"answer":42/);
    expect(lines.every((line) => !line.startsWith('{'))).toBe(true);
    expect(text()).toContain('/timetable/api/feed/[redacted].ics');
    expect(text()).not.toContain(token);
  });

  it('writes JSON lines with LOG_FORMAT=json', async () => {
    const { stream, text } = capture();
    t = await buildTestApp({
      roblox: false,
      discord: false,
      env: { ENABLED_TOOLS: 'timetable', LOG_FORMAT: 'json' },
      logger: { level: 'info', stream },
    });
    t.app.log.info({ answer: 42 }, 'hello machine');
    const entry = text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((e) => e.msg === 'hello machine');
    expect(entry).toMatchObject({ level: 30, answer: 42 });
  });
});
