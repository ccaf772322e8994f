import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';

/**
 * The address the rate limits count: an IPv4 address as it is, an IPv6 address by its /64
 * network (one subscriber gets a whole /64 and may change addresses within it at will), an
 * IPv4-mapped IPv6 address as IPv4. Anything that does not parse is kept as given.
 */
export function addressKey(ip: string | undefined | null): string {
  if (!ip) return 'unknown';
  try {
    const parsed = ipaddr.process(ip);
    if (parsed.kind() === 'ipv4') return parsed.toString();
    const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
    return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
  } catch {
    return ip;
  }
}

/**
 * The client address of a request that did not pass through Fastify (a Socket.IO handshake), as
 * Fastify's `req.ip` takes it: with TRUST_PROXY the first address of X-Forwarded-For, otherwise
 * the peer's.
 */
export function requestAddress(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = req.headers['x-forwarded-for'];
  if (trustProxy && forwarded) {
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded).split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress;
}
