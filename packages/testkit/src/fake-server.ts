import Fastify, { type FastifyInstance } from 'fastify';

export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

/** Starts a Fastify app on a free loopback port: the fakes are real HTTP servers (DEVELOPERS.md). */
export async function listenOnLoopback(app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('fake server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

export interface FakeApp {
  app: FastifyInstance;
  faults: FaultPlan;
  /** Every request the fake answered ("GET /path"), for assertions on what production code called. */
  calls: string[];
}

/** A Fastify app for a fake: form bodies parsed, every call recorded, faults injectable. */
export function createFakeApp(): FakeApp {
  // close() must not wait for a keep-alive connection that was busy (a delayed fault) when it was
  // called: Fastify's default only drops connections idle at that moment, and the rest linger ~72 s.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const faults = new FaultPlan();
  const calls: string[] = [];
  app.addHook('onRequest', async (request) => {
    calls.push(`${request.method} ${request.url.split('?')[0]}`);
  });
  installFaults(app, faults);
  return { app, faults, calls };
}

/** Lets a test make the next N answers of a route fail, to exercise 429s, 5xx and time-outs. */
export class FaultPlan {
  private faults: Array<{ match: RegExp; status: number; delayMs: number; remaining: number }> = [];
  fail(match: RegExp, status: number, times = 1, delayMs = 0): void {
    this.faults.push({ match, status, delayMs, remaining: times });
  }
  take(url: string): { status: number; delayMs: number } | null {
    const fault = this.faults.find((f) => f.remaining > 0 && f.match.test(url));
    if (!fault) return null;
    fault.remaining -= 1;
    return { status: fault.status, delayMs: fault.delayMs };
  }
  clear(): void {
    this.faults = [];
  }
}

function installFaults(app: FastifyInstance, faults: FaultPlan): void {
  app.addHook('onRequest', async (request, reply) => {
    const fault = faults.take(request.url);
    if (!fault) return;
    if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    await reply
      .code(fault.status)
      .header('retry-after', '1')
      .send({ message: `injected fault ${fault.status}` });
  });
}
