import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-support/build-test-app';

interface Outcome {
  /** Milliseconds from the first byte sent to the connection's end. */
  elapsed: number;
  /** Whatever the server wrote back before closing. */
  answer: string;
}

/** Sends `head`, then `trickle` one byte every `everyMs`, until the server ends the connection. */
function trickle(port: number, head: string, trickle: string, everyMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const started = Date.now();
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => undefined); // a reset while we write is one way of being cut off
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ elapsed: Date.now() - started, answer });
    });
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent >= trickle.length) {
          clearInterval(timer);
          socket.destroy();
          reject(new Error('the whole request was sent slowly and never cut off'));
          return;
        }
        if (!socket.destroyed) socket.write(trickle[sent++]!);
      }, everyMs);
    });
  });
}

// Issue 10 item 4: a body (or headers) sent one byte at a time must not hold a connection forever.
describe('slow requests on a listening server', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({
      roblox: false,
      env: { ENABLED_TOOLS: 'bureau', HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1000' },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cuts off a body trickled one byte at a time within HTTP_REQUEST_TIMEOUT_MS', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(200) });
    const head = `POST /auth/logout HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { elapsed, answer } = await trickle(port, head, body, 50);
    // Node checks for late requests every quarter of the headers timeout; allow that and a busy machine.
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(2_500);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts off headers trickled one byte at a time within HTTP_HEADERS_TIMEOUT_MS', async () => {
    const { elapsed, answer } = await trickle(
      port,
      '',
      `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'y'.repeat(200)}\r\n\r\n`,
      50,
    );
    expect(elapsed).toBeGreaterThanOrEqual(400);
    expect(elapsed).toBeLessThan(2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});
