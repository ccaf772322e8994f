import { catalogRoutes, NS_AUTH } from '@zakupki/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';

const t = testAppForFile({}, { listen: true });
let port: number;
const open: Socket[] = [];
beforeAll(async () => {
  const addr = t.app.server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
});
afterAll(async () => {
  for (const s of open) s.close();
});

function socket(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(`http://127.0.0.1:${port}${NS_AUTH}`, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    open.push(s);
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}

type Response = {
  request_id: string;
  items: { code: string; title: string; company_id: number | null }[];
  error: string | null;
};

/** Sends a request and collects the two answers in the order they arrive. */
function ask(
  s: Socket,
  payload: unknown,
): Promise<{ order: string[]; received: unknown; response: Response }> {
  return new Promise((resolve, reject) => {
    const order: string[] = [];
    let received: unknown = null;
    const timer = setTimeout(() => reject(new Error('no catalogUserfieldsResponse')), 10_000);
    s.once('catalogUserfieldsReceived', (p) => {
      order.push('received');
      received = p;
    });
    s.once('catalogUserfieldsResponse', (p: Response) => {
      order.push('response');
      clearTimeout(timer);
      s.off('catalogUserfieldsReceived');
      resolve({ order, received, response: p });
    });
    s.emit('catalogUserfieldsRequest', payload);
  });
}

describe('/auth catalogUserfieldsRequest', () => {
  it('answers Received at once, then the global fields and the company’s own', async () => {
    const token = await t.login('specialist');
    const own = await t.call(catalogRoutes.userfields.create, {
      as: { token },
      body: {
        code: 'energy_object',
        title: 'Энергообъект',
        field_type: 'text',
        company_id: t.ids.companies.client1,
      },
    });
    expect(own.status).toBe(201);
    const s = await socket(token);
    const all = await ask(s, { request_id: 'r-1', company_id: t.ids.companies.client1 });
    expect(all.order).toEqual(['received', 'response']);
    expect(all.received).toEqual({ request_id: 'r-1' });
    expect(all.response.request_id).toBe('r-1');
    expect(all.response.error).toBeNull();
    const codes = all.response.items.map((i) => i.code);
    expect(codes).toContain('delivery_place');
    expect(codes).not.toContain('customer_name'); // one naming scheme: {customer.title}
    expect(codes).toContain('energy_object');

    const globalOnly = await ask(s, { request_id: 'r-2' });
    expect(globalOnly.response.items.map((i) => i.code)).not.toContain('energy_object');

    const searched = await ask(s, { request_id: 'r-3', q: 'гарант' });
    expect(searched.response.items.map((i) => i.code)).toEqual(['warranty_months']);
  });

  it('reports errors in the response: bad payload, a client, a company out of reach', async () => {
    const s = await socket(await t.login('specialist'));
    const bad = await ask(s, { company_id: 'x' });
    expect(bad.order).toEqual(['response']);
    expect(bad.response.error).toMatch(/^Некорректный запрос/);

    const client = await socket(await t.login('client'));
    const refused = await ask(client, { request_id: 'c-1' });
    expect(refused.order).toEqual(['received', 'response']);
    expect(refused.response).toEqual({
      request_id: 'c-1',
      items: [],
      error: 'Справочник «Пользовательские поля шаблонов документов» доступен только сотрудникам',
    });

    const operator = await t.login('operator');
    const provider = await socket(operator);
    const outside = await ask(provider, { request_id: 'o-1', company_id: 999999 });
    expect(outside.response.error).toBe('Запрашиваемый ресурс не найден');
  });
});
