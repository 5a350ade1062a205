import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUpstream } from './call-upstream';

// A real local server standing in for LINE, Discord or Roblox: what callUpstream promises its callers.
describe('callUpstream', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let received = '';
      req.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      req.on('end', () => {
        if (req.url === '/echo') {
          res.setHeader('content-type', 'application/json; charset=utf-8');
          res.end(
            JSON.stringify({
              method: req.method,
              auth: req.headers.authorization ?? null,
              agent: req.headers['user-agent'] ?? null,
              received,
            }),
          );
        } else if (req.url === '/big') {
          res.setHeader('content-type', 'application/octet-stream');
          res.end(Buffer.alloc(2 * 1024 * 1024, 1));
        } else if (req.url === '/redirect') {
          res.writeHead(302, { location: '/echo' }).end();
        } else if (req.url === '/refused') {
          res.writeHead(403, 'Go Away').end();
        } else if (req.url === '/text') {
          res.setHeader('content-type', 'text/plain');
          res.end('not json');
        }
        // '/silent': never answers.
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the method, headers and body, and reads a JSON answer', async () => {
    const answer = await callUpstream(`${base}/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer t0ken', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id_token=abc&client_id=1',
      timeoutMs: 2_000,
    });
    expect(answer.status).toBe(200);
    expect(answer.ok).toBe(true);
    expect(answer.contentType).toBe('application/json');
    expect(answer.json()).toEqual({ method: 'POST', auth: 'Bearer t0ken', agent: 'Guildhall', received: 'id_token=abc&client_id=1' });
  });

  it('gives the reason phrase the upstream sent (send-applicant-dm puts it in its error)', async () => {
    const refused = await callUpstream(`${base}/refused`, { timeoutMs: 2_000 });
    expect(refused.status).toBe(403);
    expect(refused.statusText).toBe('Go Away');
  });

  it('gives null for a body that is not JSON, and does not follow a redirect', async () => {
    expect((await callUpstream(`${base}/text`, { timeoutMs: 2_000 })).json()).toBeNull();
    const redirected = await callUpstream(`${base}/redirect`, { timeoutMs: 2_000 });
    expect(redirected.status).toBe(302);
    expect(redirected.ok).toBe(false);
  });

  it('fails when the upstream does not answer within the timeout, and on time', async () => {
    const started = Date.now();
    await expect(callUpstream(`${base}/silent`, { timeoutMs: 300 })).rejects.toThrow(/did not answer within 300 ms/);
    // On undici's own headers timeout (a ~1 s timer wheel) this took 1,000 ms; profile-lookup's tests count on 300.
    expect(Date.now() - started).toBeLessThan(800);
  });

  it('fails on a body over maxBytes instead of holding it, and reads one within it', async () => {
    await expect(callUpstream(`${base}/big`, { timeoutMs: 2_000, maxBytes: 1024 * 1024 })).rejects.toThrow(/more than 1048576 bytes/);
    const whole = await callUpstream(`${base}/big`, { timeoutMs: 2_000, maxBytes: 4 * 1024 * 1024 });
    expect(whole.body.length).toBe(2 * 1024 * 1024);
  });

  it('fails when nothing listens there', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(callUpstream(`http://127.0.0.1:${port}/`, { timeoutMs: 1_000 })).rejects.toThrow();
  });
});
