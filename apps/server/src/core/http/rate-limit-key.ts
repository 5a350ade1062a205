import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * What the per-client rate limits count a request by (@fastify/rate-limit's keyGenerator, app.ts):
 * the client's address (request.ip, which honours TRUST_PROXY), except that an IPv6 address counts by
 * its /64. One IPv6 client, a home line or a rented server alike, is handed at least a /64 (2^64
 * addresses) and can answer from any of them, so counting each address on its own gave it an
 * unlimited budget on every limit: the public checker, and the sign-in limit that is the only brake
 * on trying one password against many student IDs (the per-account throttle sees one try each).
 * An IPv4 address written as IPv6 (`::ffff:198.51.100.7`, a dual-stack listener) counts as that IPv4
 * address, never as the /64 that all IPv4 clients would share.
 */
export function clientLimitKey(request: FastifyRequest): string {
  return addressLimitKey(request.ip);
}

/** See clientLimitKey: the address, an IPv6 one cut to its /64 (`2001:db8:1:2::/64`). */
export function addressLimitKey(address: string): string {
  // IPv4 (no colon) as it is, without parsing: this runs on every limited request, the checker's too.
  if (!address.includes(':') || !ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return address;
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  return `${ipv6.parts
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
