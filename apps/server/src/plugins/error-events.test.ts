import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { errorEvents } from '../db/schema/index.js';
import { importAs } from '../modules/imports/import-uploads.factories.js';
import { storeErrorEvent } from './errors.js';

/** Everything the server logs (at debug: the most it ever writes). */
const logged: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => logged.push(line) } });
}, 60_000);
afterAll(() => t.close());

const storedEvents = async () => JSON.stringify(await t.app.deps.db.select().from(errorEvents));

describe('the error store', () => {
  it('stores an error whose message and stack hold NUL and lone surrogates, cleaned', async () => {
    const err = new Error('bad name a\u0000b \uD800 end');
    err.stack = `Error: bad name a\u0000b \uDC00\n    at somewhere`;
    const code = await storeErrorEvent(t.app.deps, t.app.log, err, {
      method: 'POST',
      route: '/api/x\u0000',
      userId: null,
      requestId: null,
    });
    const rows = await t.app.deps.db.select().from(errorEvents);
    const row = rows.find((r) => r.code === code);
    expect(row?.message).toBe('bad name ab \uFFFD end');
    expect(row?.stack).toContain('ab \uFFFD');
    expect(row?.route).toBe('/api/x');
    expect(logged.join('')).not.toContain('could not store error event');
  });
});

describe('error logs hold no uploaded bytes', () => {
  it('files that fail parsing leave their contents neither in the log nor in error_events', async () => {
    const marker = 'ZQ7-UPLOADED-BYTES-91f3c0';
    const files = [
      // not XML at all
      { name: 'plain.xml', data: Buffer.from(`${marker} ${marker}`) },
      // XML broken right after an element named by the marker
      { name: 'broken.xml', data: Buffer.from(`<?xml version="1.0"?><Файл><${marker} a="${marker}"><`) },
      // bytes that are no text, the marker among them
      { name: 'binary.xml', data: Buffer.concat([Buffer.from([0, 0xff, 0xfe, 0]), Buffer.from(marker)]) },
    ];
    const before = logged.length;
    for (const file of files) {
      const run = await importAs(t, {
        company: t.ids.companies.client1,
        kind: 'upd',
        files: [file],
        as: 'client',
      });
      expect(run.status).toBe('failed');
    }
    const lines = logged.slice(before).join('');
    // the server did log the uploads' requests: the capture works
    expect(lines).toMatch(/\/imports\/upd/);
    expect(lines).not.toContain(marker);
    expect(await storedEvents()).not.toContain(marker);
  });
});
