import type { AddressInfo } from 'node:net';
import { authRoutes } from '@zakupki/shared';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { DEMO_PASSWORD } from '../../db/seed/demo/demo.seed.js';

const t = testAppForFile({ TRUST_PROXY: 'true' }, { listen: true });
const SITE = { host: 'zakupki.test' };

async function loginCookie(login = 'client@demo.local', headers: Record<string, string> = SITE) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...headers, origin: `http://${headers.host}`, 'sec-fetch-site': 'same-origin' },
    payload: { login, password: DEMO_PASSWORD },
  });
  expect(r.statusCode).toBe(200);
  const cookie = r.cookies.find((c) => c.name === 'token' || c.name === '__Host-token');
  if (!cookie) throw new Error('no session cookie');
  return { cookie, body: r.json() as { token: string }, setCookie: String(r.headers['set-cookie']) };
}

const withCookie = (
  token: string,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...SITE, cookie: `token=${token}`, ...headers },
    ...(payload ? { payload } : {}),
  });

describe('the session cookie', () => {
  it('login sets it HttpOnly, SameSite=Strict, for the whole site; Secure only over https', async () => {
    const { cookie, body, setCookie } = await loginCookie();
    expect(cookie.value).toBe(body.token);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.maxAge).toBe(30 * 86400);
    expect(setCookie).not.toMatch(/Secure/);
    expect(cookie.name).toBe('token');
    const https = await loginCookie('client@demo.local', { ...SITE, 'x-forwarded-proto': 'https' });
    expect(https.cookie.secure).toBe(true);
    // over https the cookie is __Host- prefixed (Secure, path /, no Domain: no subdomain can plant it)
    expect(https.cookie.name).toBe('__Host-token');
    expect(https.cookie.domain).toBeUndefined();
    const overHttps = (cookie: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { ...SITE, 'x-forwarded-proto': 'https', cookie },
      });
    expect((await overHttps(`__Host-token=${https.cookie.value}`)).statusCode).toBe(200);
    // a plain `token` cookie (which a sibling subdomain could set) does not count over https
    expect((await overHttps(`token=${https.cookie.value}`)).statusCode).toBe(401);
  });

  it('authenticates reads without a Bearer header; Bearer keeps working', async () => {
    const { cookie, body } = await loginCookie('operator@demo.local');
    const r = await withCookie(cookie.value, 'GET', '/api/auth/session');
    expect(r.statusCode).toBe(200);
    expect(r.json().user.login).toBe('operator@demo.local');
    const bearer = await t.call(authRoutes.session, { as: { token: body.token } });
    expect(bearer.status).toBe(200);
  });

  it('logout clears it and the session ends; a dead session cookie is cleared on use', async () => {
    const { cookie } = await loginCookie('specialist@demo.local');
    const out = await withCookie(cookie.value, 'POST', '/api/auth/logout', {
      origin: 'http://zakupki.test',
      'sec-fetch-site': 'same-origin',
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    expect(new Date(String(cleared?.expires)).getTime()).toBeLessThan(Date.now());
    const after = await withCookie(cookie.value, 'GET', '/api/auth/session');
    expect(after.statusCode).toBe(401);
    expect(after.cookies.find((c) => c.name === 'token')?.value).toBe('');
    // logging in again over the dead cookie sets the new one, once
    const again = await withCookie(
      cookie.value,
      'POST',
      '/api/auth/login',
      { origin: 'http://zakupki.test', 'sec-fetch-site': 'same-origin' },
      { login: 'specialist@demo.local', password: DEMO_PASSWORD },
    );
    expect(again.statusCode).toBe(200);
    const set = again.cookies.filter((c) => c.name === 'token');
    expect(set.map((c) => c.value)).toEqual([again.json().token]);
  });
});

describe('CSRF: cookie-authenticated writes come only from the site itself', () => {
  const write = (token: string, headers: Record<string, string>) =>
    withCookie(token, 'POST', '/api/notifications/read-all', headers, {});

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' }],
    [
      'Sec-Fetch-Site: same-site (a sibling subdomain)',
      { 'sec-fetch-site': 'same-site', origin: 'http://x.zakupki.test' },
    ],
    ['another Origin, no Fetch Metadata', { origin: 'https://evil.test' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
  ])('refuses %s with 403', async (_name, headers) => {
    const { cookie } = await loginCookie();
    const r = await write(cookie.value, headers);
    expect(r.statusCode).toBe(403);
    expect(r.json().error).toMatchObject({ code: 'forbidden' });
    expect(r.json().error.message).toMatch(/другого сайта/);
  });

  it('lets through the site’s own pages, Bearer clients, and clients that are not browsers', async () => {
    const { cookie, body } = await loginCookie();
    const own = await write(cookie.value, { 'sec-fetch-site': 'same-origin', origin: 'http://zakupki.test' });
    expect(own.statusCode).toBe(200);
    const ownOriginOnly = await write(cookie.value, { origin: 'http://zakupki.test' });
    expect(ownOriginOnly.statusCode).toBe(200);
    const noBrowser = await write(cookie.value, {});
    expect(noBrowser.statusCode).toBe(200);
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: {
        authorization: `Bearer ${body.token}`,
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.test',
      },
      payload: {},
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('refuses a login posted from another site (login CSRF)', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...SITE, 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' },
      payload: { login: 'client@demo.local', password: DEMO_PASSWORD },
    });
    expect(r.statusCode).toBe(403);
    expect(r.cookies.find((c) => c.name === 'token')).toBeUndefined();
  });
});

describe('Socket.IO /auth with the session cookie', () => {
  const connect = (headers: Record<string, string>) => {
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = io(`http://127.0.0.1:${port}/auth`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: headers,
    });
    return new Promise<string>((resolve) => {
      socket.on('connect', () => {
        socket.close();
        resolve('connected');
      });
      socket.on('connect_error', (err) => {
        socket.close();
        resolve(err.message);
      });
    });
  };

  it('connects from the site’s own page, not from another site’s, not without a session', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const { cookie } = await loginCookie('client2@demo.local');
    expect(await connect({ cookie: `token=${cookie.value}`, origin: `http://127.0.0.1:${port}` })).toBe(
      'connected',
    );
    expect(await connect({ cookie: `token=${cookie.value}`, origin: 'https://evil.test' })).toBe('forbidden');
    expect(await connect({ cookie: 'token=not-a-session', origin: `http://127.0.0.1:${port}` })).toBe(
      'unauthorized',
    );
    expect(await connect({ origin: `http://127.0.0.1:${port}` })).toBe('unauthorized');
  });
});
