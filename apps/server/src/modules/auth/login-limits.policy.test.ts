import { describe, expect, it } from 'vitest';
import { addressKey, requestAddress } from '../../lib/client-address.js';
import { loginRefusal } from './login-limits.policy.js';

const limits = {
  maxFailures: 10,
  windowMs: 900_000,
  addressMaxFailures: 30,
  globalMaxFailures: 300,
  knownAddressMs: 1,
};

describe('loginRefusal', () => {
  it.each([
    [{ login: 0, address: 0, total: 0 }, false, null],
    [{ login: 9, address: 29, total: 299 }, false, null],
    [{ login: 0, address: 30, total: 30 }, true, 'address'],
    [{ login: 10, address: 0, total: 10 }, false, 'login'],
    [{ login: 10, address: 0, total: 10 }, true, null],
    [{ login: 10, address: 30, total: 40 }, true, 'address'],
    [{ login: 0, address: 0, total: 300 }, false, 'global'],
    [{ login: 0, address: 0, total: 300 }, true, null],
    [{ login: 12, address: 0, total: 300 }, false, 'login'],
  ] as const)('%o, known %s → %s', async (counts, known, expected) => {
    let asked = false;
    const r = await loginRefusal(
      counts,
      async () => {
        asked = true;
        return known;
      },
      limits,
    );
    expect(r).toBe(expected);
    // the known-address query runs only when a hold applies
    if (counts.login < 10 && counts.total < 300) expect(asked).toBe(false);
  });
});

describe('client addresses', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:a:b:1:2:3:4', '2001:db8:a:b::/64'],
    ['2001:db8:a:b::99', '2001:db8:a:b::/64'],
    // anything that does not parse is one key: rotating garbage is one client
    ['not an address', 'invalid'],
    ['198.51.100.999', 'invalid'],
    [undefined, 'unknown'],
  ])('%s → %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('X-Forwarded-For counts only with TRUST_PROXY, from the right: what the trusted proxies saw', () => {
    // the client wrote «forged», the proxy (10.0.0.2) appended the address it saw
    const req = {
      headers: { 'x-forwarded-for': 'forged, 198.51.100.1' },
      socket: { remoteAddress: '10.0.0.2' },
    } as never;
    expect(requestAddress(req, 1)).toBe('198.51.100.1');
    expect(requestAddress(req, 0)).toBe('10.0.0.2');
    // two proxies: the outer one appended 198.51.100.1, the inner one (the peer) 10.0.0.3
    const two = {
      headers: { 'x-forwarded-for': ['forged, 198.51.100.1', '10.0.0.3'] },
      socket: { remoteAddress: '10.0.0.2' },
    } as never;
    expect(requestAddress(two, 2)).toBe('198.51.100.1');
    // more hops configured than the chain has: the leftmost entry
    expect(requestAddress(req, 5)).toBe('forged');
  });
});
