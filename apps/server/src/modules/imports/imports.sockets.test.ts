import { systemRoutes } from '@zakupki/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { fixture, uploadAs, waitImportAs } from './import-uploads.factories.js';
import { addAccount } from './imports.factories.js';

const t = testAppForFile({}, { listen: true });
const port = () => (t.app.server.address() as { port: number }).port;

function socket(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(`http://127.0.0.1:${port()}/auth`, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}

describe('import progress and the final notification are pushed on /auth', () => {
  it('jobProgress up to 100, then notificationImportPaymentsResponse with the stored notification id', async () => {
    const token = await t.login('client');
    const company = t.ids.companies.client1;
    await addAccount(t, company, '12312312312312312');
    const s = await socket(token);
    const progress: { import_id: number; progress: number; kind: string }[] = [];
    s.on('jobProgress', (p) => progress.push(p));
    const done = new Promise<Record<string, unknown>>((resolve) =>
      s.once('notificationImportPaymentsResponse', resolve),
    );
    const r = await uploadAs(t, {
      company,
      kind: 'payments',
      files: [{ name: 'day.txt', data: fixture('1c-bank', 'kilylabs__one_day.txt') }],
      as: 'client',
    });
    expect(r.status).toBe(202);
    const pushed = await done;
    const run = await waitImportAs(t, { company, kind: 'payments', id: r.body.import_id, as: 'client' });
    s.close();
    expect(run.status).toBe('done');
    expect(pushed).toMatchObject({
      status: 'success',
      upload_file_name: 'day.txt',
      error: null,
      import_id: run.id,
    });
    const mine = progress.filter((p) => p.import_id === run.id);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.every((p) => p.kind === 'payments')).toBe(true);
    expect(mine.map((p) => p.progress)).toEqual([...mine.map((p) => p.progress)].sort((a, b) => a - b));
    expect(mine.at(-1)?.progress).toBe(100);
    const list = await t.call(systemRoutes.notifications, { as: 'client' });
    expect(list.body.items.some((n) => n.id === pushed.notification_id)).toBe(true);
  });
});
