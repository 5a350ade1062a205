import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { isDomainError } from '@server/core/errors/domain-error';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { DocumentService } from './document-service';

// Issue 17 item 5: PDFs under load. The real Chromium (CHROMIUM_PATH) prints; what is checked is the
// queue's bound, the deadline of one print, the idle close and the restart after a crash.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const small = createElement('p', null, 'Hello');
const print = (service: DocumentService, element = small) => service.printPdf(element, { title: 'Test', css: '' });
const isPdf = (pdf: Buffer) => pdf.subarray(0, 5).toString('latin1') === '%PDF-';

describe('the print queue', () => {
  const services: DocumentService[] = [];
  const service = (options: Partial<ConstructorParameters<typeof DocumentService>[0]>) => {
    const made = new DocumentService({ chromiumPath, ...options });
    services.push(made);
    return made;
  };
  afterEach(async () => {
    while (services.length) await services.pop()!.close();
  });

  it('refuses a print over capacity at once with printer_busy while the others print', async () => {
    const documents = service({ maxPages: 1, maxQueued: 1 });
    const results = await Promise.allSettled([print(documents), print(documents), print(documents), print(documents)]);
    const printed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(printed).toHaveLength(2);
    expect(printed.every(isPdf)).toBe(true);
    expect(refused).toHaveLength(2);
    expect(refused.every((error) => isDomainError(error, 'printer_busy'))).toBe(true);
  });

  it('fails a print over its deadline with print_timed_out, discards its page, and prints the next one', async () => {
    // Room for a small print on a loaded machine; the huge one below still takes far longer.
    const documents = service({ maxPages: 1, printTimeoutMs: 4_000 });
    expect(isPdf(await print(documents))).toBe(true);
    // Thousands of pages: far longer than the deadline to lay out and print.
    const huge = createElement(
      'div',
      null,
      Array.from({ length: 60_000 }, (_, i) => createElement('p', { key: i }, `Line ${i} of a document far too long to print in time`)),
    );
    const started = Date.now();
    const late = await print(documents, huge).catch((error: unknown) => error);
    expect(isDomainError(late, 'print_timed_out')).toBe(true);
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(isPdf(await print(documents))).toBe(true);
  });

  it('starts Chromium again on the next print after it died', async () => {
    const documents = service({});
    expect(isPdf(await print(documents))).toBe(true);
    const pid = documents.chromiumPid;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    await expect.poll(() => documents.started, { timeout: 5_000 }).toBe(false);
    expect(isPdf(await print(documents))).toBe(true);
    expect(documents.chromiumPid).not.toBe(pid);
  });

  it('closes an idle Chromium and starts it again for the next print', async () => {
    const documents = service({ idleCloseMs: 200 });
    expect(isPdf(await print(documents))).toBe(true);
    const pid = documents.chromiumPid!;
    await expect.poll(() => documents.started, { timeout: 5_000 }).toBe(false);
    // The process itself is gone, not only our handle on it.
    await expect.poll(() => processAlive(pid), { timeout: 5_000 }).toBe(false);
    expect(isPdf(await print(documents))).toBe(true);
  });
});

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a record PDF over capacity', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('answers 503 with Retry-After and a sentence while the others print', async () => {
    t = await buildTestApp({ env: { ENABLED_TOOLS: 'bureau', PDF_MAX_CONCURRENT: '1', PDF_MAX_QUEUED: '1' } });
    const staff = demoPerson('staff');
    const thai = demoPerson('thai');
    await t.ctx.registry.upsertPair(thai.discord.id, thai.roblox!.id);
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    const cookie = await t.signInAs('staff');
    const url = `/bureau/api/records/${thai.discord.id}/documents/registration`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => t!.request({ url, cookie })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 503, 503]);
    for (const answer of answers.filter((a) => a.statusCode === 503)) {
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual({
        error: 'Too many documents are being printed right now. Please try again in a few seconds.',
        code: 'printer_busy',
      });
    }
  });
});
