import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

/**
 * Every call Guildhall makes to a service on the internet (LINE, Discord, Roblox, a webhook) goes
 * through here, on Node's own `http`/`https` with kept-alive connections rather than the global
 * `fetch`. Measured on this machine, a small POST cost 1,000-1,700 µs of CPU (client and a local
 * server) through fetch (WHATWG streams, an AbortSignal per call) and 300-400 µs here; a LINE
 * mini-app booking makes two such calls (verify the ID token, push the confirmation), so fetch was
 * the largest single cost of a booking (issue 15's booking bench). The npm `undici` package measured
 * the same, but loading it makes its Agent the process-wide dispatcher of Node's own fetch (which
 * arctic's OAuth calls use), and that mix trips an assertion inside undici 7 (nodejs/undici#5360).
 *
 * `timeoutMs` bounds the whole call (connecting, the answer's headers and its body), as fetch's
 * AbortSignal.timeout did. Redirects are not followed: an upstream that redirects answers its 3xx,
 * which callers treat as a failure.
 */
export interface UpstreamRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The largest body read (default 1 MiB); a longer one fails the call instead of filling memory. */
  maxBytes?: number;
}

export interface UpstreamAnswer {
  status: number;
  /** The reason phrase the upstream sent with its status ('Forbidden'), for error messages. */
  statusText: string;
  /** 2xx. */
  ok: boolean;
  /** The media type without parameters, lower case ('' when none). */
  contentType: string;
  body: Buffer;
  /** The body as JSON, or null when it is not JSON. */
  json(): unknown;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;
/**
 * Discord's API asks every client to name itself (docs: Reference, User Agent) and may refuse a
 * request without one (fetch sent 'node'). A caller may override it.
 */
const USER_AGENT = 'Guildhall';

/** One pool of kept-alive connections per scheme; the time limit is each call's own (above). */
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** Calls `url`; rejects when it cannot be reached, times out, or answers more than `maxBytes`. */
export function callUpstream(url: string, options: UpstreamRequest): Promise<UpstreamAnswer> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.reject(new Error(`Not an HTTP address: ${url}`));
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const headers: Record<string, string | number> = { 'user-agent': USER_AGENT, ...options.headers };
  if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
  return new Promise<UpstreamAnswer>((resolve, reject) => {
    const client = target.protocol === 'https:' ? https : http;
    const agent = target.protocol === 'https:' ? agents.https : agents.http;
    const request = client.request(target, { method: options.method ?? 'GET', headers, agent });
    const fail = (error: Error) => {
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`${target.host} did not answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    request.on('error', fail);
    request.on('response', (answer: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      answer.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) fail(new Error(`${target.host} answered more than ${maxBytes} bytes`));
        else chunks.push(chunk);
      });
      answer.on('error', fail);
      answer.on('end', () => {
        clearTimeout(timer);
        resolve(answerOf(answer, Buffer.concat(chunks)));
      });
    });
    request.end(options.body);
  });
}

function answerOf(answer: IncomingMessage, body: Buffer): UpstreamAnswer {
  const status = answer.statusCode ?? 0;
  return {
    status,
    statusText: answer.statusMessage ?? '',
    ok: status >= 200 && status < 300,
    contentType: (answer.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
    body,
    json() {
      try {
        return JSON.parse(body.toString('utf8')) as unknown;
      } catch {
        return null;
      }
    },
  };
}
