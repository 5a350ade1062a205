import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** What an id passed on by a proxy may look like: HAProxy's unique-id, nginx's $request_id, a UUID. */
const PASSED_ON_ID = /^[\w.:@+=/-]{1,128}$/;

/**
 * Fastify's genReqId (app.ts). A request's id names its log lines, so a reader can follow one request
 * through the load balancer's log and ours. Only the proxies named in TRUST_PROXY may choose it (their
 * `X-Request-Id`); from anyone else the header is ignored, as is an id over 128 characters or with
 * characters an id never has. Before, any client could name its requests after another request's id,
 * and its lines then read as that request's.
 */
export function requestIdGenerator(trustedProxies: false | string[]): (request: IncomingMessage) => string {
  const trusted = trustedProxies ? proxyAddr.compile(trustedProxies) : null;
  return (request) => {
    const passedOn = request.headers['x-request-id'];
    const peer = request.socket.remoteAddress;
    if (trusted && typeof passedOn === 'string' && peer && trusted(peer, 0) && PASSED_ON_ID.test(passedOn)) return passedOn;
    return crypto.randomUUID();
  };
}
