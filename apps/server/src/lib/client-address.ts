import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';

/**
 * The address the rate limits count: an IPv4 address as it is, an IPv6 address by its /64
 * network (one subscriber gets a whole /64 and may change addresses within it at will), an
 * IPv4-mapped IPv6 address as IPv4. Anything that does not parse shares one key, `invalid`
 * (a forged header rotating garbage values is one client, never a fresh limit each time).
 */
export function addressKey(ip: string | undefined | null): string {
  if (!ip) return 'unknown';
  try {
    const parsed = ipaddr.process(ip);
    if (parsed.kind() === 'ipv4') return parsed.toString();
    const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
    return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
  } catch {
    return 'invalid';
  }
}

/**
 * The client address of a request that did not pass through Fastify (a Socket.IO handshake), as
 * Fastify's `req.ip` takes it with `trustProxy: hops` (proxy-addr): the chain is the peer, then
 * the `X-Forwarded-For` entries from the right; the first `hops` of them are trusted proxies, so
 * the address is the one the outermost trusted proxy saw. Entries to its left are written by the
 * client and never count.
 */
export function requestAddress(req: IncomingMessage, hops: number): string | undefined {
  const forwarded = req.headers['x-forwarded-for'];
  const peer = req.socket.remoteAddress;
  if (hops <= 0 || !forwarded) return peer;
  const entries = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const chain = [peer, ...entries.reverse()];
  return chain[Math.min(hops, chain.length - 1)];
}
