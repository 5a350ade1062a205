import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeConnectionsGracefully } from './graceful-close';

const BODY_BYTES = 32 * 1024 * 1024;

/** Sends one GET on a raw socket that reads nothing until `resume` is called; resolves with all bytes at the server's end. */
function slowReader(port: number, path: string) {
  const socket = net.connect(port, '127.0.0.1');
  socket.pause();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  return { resume: () => socket.resume(), ended, soFar: () => Buffer.concat(chunks).toString('latin1') };
}

describe('closing the app while an answer is still being written', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  // The flake behind issue 10 item 13's test: Node's server.close() destroyed a socket whose answer was
  // ended but still queued in the process, and the client read a cut PDF.
  it('sends every byte of an answer ended just before close(), then ends the connection', async () => {
    app = Fastify({ forceCloseConnections: false });
    closeConnectionsGracefully(app);
    let closed: Promise<unknown> | undefined;
    let closeCalled = false;
    app.get('/big', (_request, reply) => {
      void reply.send(Buffer.alloc(BODY_BYTES, 'a'));
      // The answer is ended but, with the client not reading, most of it waits in the process.
      setImmediate(() => {
        closed = app!.close();
        closeCalled = true;
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    const client = slowReader(port, '/big');
    await expect.poll(() => closeCalled, { timeout: 10_000, interval: 10 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    client.resume();
    const received = await client.ended;

    const headerEnd = received.indexOf('\r\n\r\n');
    const head = received.subarray(0, headerEnd).toString('latin1');
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toContain(`content-length: ${BODY_BYTES}`);
    expect(received.length - headerEnd - 4).toBe(BODY_BYTES);
    // The connection was ended by the server once the answer was out, so close() finishes.
    await closed;
  });

  it('ends idle keep-alive connections at close, so close() does not wait for the keep-alive timeout', async () => {
    app = Fastify({ forceCloseConnections: false, keepAliveTimeout: 60_000 });
    closeConnectionsGracefully(app);
    app.get('/small', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    const client = slowReader(port, '/small');
    client.resume();
    // The answer has arrived and the connection stays open (keep-alive) until close().
    await expect.poll(client.soFar, { timeout: 5_000, interval: 10 }).toContain('{"ok":true}');
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    const received = (await client.ended).toString('latin1');
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toContain('{"ok":true}');
    app = undefined;
  });
});
