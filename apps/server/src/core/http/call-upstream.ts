import { Agent, type Dispatcher, request } from 'undici';

/**
 * Every call Guildhall makes to a service on the internet (LINE, Discord, Roblox, a webhook) goes
 * through here, on undici's `request` rather than the global `fetch`. Measured on this machine, a
 * small POST cost about 1,000 µs of CPU through fetch (WHATWG streams, an AbortSignal per call) and
 * about 200 µs here; a LINE mini-app booking makes two such calls (verify the ID token, push the
 * confirmation), so fetch was the largest single cost of a booking (issue 15's booking bench).
 *
 * `timeoutMs` bounds the whole call (connecting, the answer's headers and its body), as fetch's
 * AbortSignal.timeout did. It is a plain timer of our own: undici's headers and body timeouts run on its
 * coarse timer wheel (about 1 s granularity), which let a 300 ms timeout take 1,000 ms. Redirects are not
 * followed: an upstream that redirects answers its 3xx, which callers treat as a failure.
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
 * undici's `request` sends no User-Agent, where fetch sent 'node'; Discord's API asks every client to
 * name itself (docs: Reference, User Agent) and may refuse a request without one. A caller may override it.
 */
const USER_AGENT = 'Guildhall';

/** One connection pool, kept alive between calls; the time limit is each call's own (above). */
const agent = new Agent();

/** Calls `url`; rejects when it cannot be reached, times out, or answers more than `maxBytes`. */
export async function callUpstream(url: string, options: UpstreamRequest): Promise<UpstreamAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`${new URL(url).host} did not answer within ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  try {
    const answer = await request(url, {
      method: options.method ?? 'GET',
      headers: { 'user-agent': USER_AGENT, ...options.headers },
      body: options.body,
      dispatcher: agent,
      signal: controller.signal,
    });
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        answer.body.destroy();
        throw new Error(`${new URL(url).host} answered more than ${maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    return answerOf(answer, Buffer.concat(chunks));
  } finally {
    clearTimeout(timer);
  }
}

function answerOf(answer: Dispatcher.ResponseData, body: Buffer): UpstreamAnswer {
  const type = answer.headers['content-type'];
  return {
    status: answer.statusCode,
    statusText: answer.statusText,
    ok: answer.statusCode >= 200 && answer.statusCode < 300,
    contentType: (Array.isArray(type) ? (type[0] ?? '') : (type ?? '')).split(';')[0]!.trim().toLowerCase(),
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
