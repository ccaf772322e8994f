import { NS_AUTH, procurementDocumentRoutes } from '@zakupki/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { insertProcurement, publishedVersion } from '../procurements/procurements.factories.js';
import { addDocumentsRule } from './procurement-documents.factories.js';

const t = testAppForFile({}, { listen: true });
const open: Socket[] = [];
let company: number;
let procurementId: number;
let documentId: number;

beforeAll(async () => {
  company = t.ids.companies.client1;
  const db = t.app.deps.db;
  const version = await publishedVersion(db, company);
  documentId = await addDocumentsRule(db, {
    versionId: version,
    companyId: company,
    method: 'closed_proposal',
    title: 'Извещение',
    blocks: ['Извещение № {procurement.number}, место поставки: {delivery_place}'],
  });
  await addDocumentsRule(db, {
    versionId: version,
    companyId: company,
    method: 'closed_proposal',
    title: 'Проект договора',
    blocks: ['Договор на {procurement.subject}'],
  });
  procurementId = (await insertProcurement(db, { companyId: company, method: 'closed_proposal' })).id;
});
afterAll(() => {
  for (const s of open) s.close();
});

async function socket(who: 'specialist' | 'client' | 'client2'): Promise<Socket> {
  const addr = t.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const token = await t.login(who);
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
  procurement_id: number;
  documents: {
    document_id: number;
    docx_file_id: number | null;
    pdf_file_id: number | null;
    error: string | null;
  }[];
  error: string | null;
  status: string;
  notification_id: number;
};

/** Sends readyDocumentRequest; collects the events in the order they arrive until the response. */
function ready(s: Socket, payload: unknown) {
  return new Promise<{ order: string[]; received: unknown; progress: unknown[]; response: Response }>(
    (resolve, reject) => {
      const order: string[] = [];
      const progress: unknown[] = [];
      let received: unknown = null;
      const timer = setTimeout(() => reject(new Error('no readyDocumentResponse')), 30_000);
      const onReceived = (p: unknown) => {
        order.push('received');
        received = p;
      };
      const onProgress = (p: unknown) => {
        order.push('progress');
        progress.push(p);
      };
      s.on('readyDocumentReceived', onReceived);
      s.on('jobProgress', onProgress);
      s.once('readyDocumentResponse', (p: Response) => {
        order.push('response');
        clearTimeout(timer);
        s.off('readyDocumentReceived', onReceived);
        s.off('jobProgress', onProgress);
        resolve({ order, received, progress, response: p });
      });
      s.emit('readyDocumentRequest', payload);
    },
  );
}

function userfields(s: Socket, payload: unknown) {
  return new Promise<{
    procurement_id: number;
    fields: { code: string }[];
    values: Record<string, unknown>;
    error: string | null;
  }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no documentUserfieldsReceived')), 10_000);
    s.once('documentUserfieldsReceived', (p) => {
      clearTimeout(timer);
      resolve(p);
    });
    s.emit('documentUserfieldsRequest', payload);
  });
}

describe('/auth readyDocumentRequest', () => {
  it('answers Received at once, progress per document, then the response with the files', async () => {
    const s = await socket('specialist');
    // a required field is empty: refused at once, naming it, with no job
    const refused = await ready(s, { procurement_id: procurementId });
    expect(refused.order).toEqual(['response']);
    expect(refused.response.error).toBe(
      'Не заполнены обязательные поля документов: «Извещение» — «Место поставки товара, выполнения работ, оказания услуг». Заполните их в форме полей документации',
    );
    const saved = await t.call(procurementDocumentRoutes.saveValues, {
      params: { company_id: company, id: procurementId },
      body: { values: { delivery_place: 'г. Тверь' } },
      as: 'specialist',
    });
    expect(saved.status).toBe(200);
    const r = await ready(s, { procurement_id: procurementId });
    expect(r.order).toEqual(['received', 'progress', 'progress', 'response']);
    const jobId = (r.received as { job_id: string }).job_id;
    expect(r.received).toEqual({ procurement_id: procurementId, job_id: jobId });
    expect(r.progress).toEqual([
      expect.objectContaining({
        job_id: jobId,
        kind: 'procurement-documents',
        progress: 50,
        procurement_id: procurementId,
        document_id: documentId,
      }),
      expect.objectContaining({ job_id: jobId, progress: 100 }),
    ]);
    expect(r.response).toMatchObject({ procurement_id: procurementId, error: null, status: 'success' });
    expect(r.response.documents).toHaveLength(2);
    expect(r.response.documents[0]).toMatchObject({
      document_id: documentId,
      pdf_file_id: null,
      error: null,
    });
    expect(r.response.documents[0].docx_file_id).toBeGreaterThan(0);
    expect(r.response.notification_id).toBeGreaterThan(0);
  });

  it('one document only, when named', async () => {
    const s = await socket('specialist');
    const r = await ready(s, { procurement_id: procurementId, document_ids: [documentId] });
    expect(r.response.documents.map((d) => d.document_id)).toEqual([documentId]);
  });

  it('refuses a read-only role, another company and a malformed request without a job', async () => {
    const client = await socket('client');
    const ro = await ready(client, { procurement_id: procurementId });
    expect(ro.order).toEqual(['response']);
    expect(ro.response).toMatchObject({
      status: 'error',
      error: 'Недостаточно прав для этого действия в компании',
    });

    const other = await socket('client2');
    const foreign = await ready(other, { procurement_id: procurementId });
    const missing = await ready(other, { procurement_id: 99_999_999 });
    expect(foreign.order).toEqual(['response']);
    expect(foreign.response.error).toBe('Закупка не найдена');
    expect(missing.response.error).toBe(foreign.response.error);

    const bad = await ready(client, { procurement_id: 'abc', formats: ['odt'] });
    expect(bad.order).toEqual(['response']);
    expect(bad.response.error).toMatch(/^Некорректный запрос: /);
  });
});

describe('/auth documentUserfieldsRequest', () => {
  it('answers the fields and values of the procurement’s form', async () => {
    const s = await socket('client');
    const r = await userfields(s, { procurement_id: procurementId });
    expect(r.error).toBeNull();
    expect(r.procurement_id).toBe(procurementId);
    expect(r.fields.map((f) => f.code)).toEqual([
      'delivery_place',
      'procurement.number',
      'procurement.subject',
    ]);
    expect(r.values['procurement.subject']).toBe('Поставка бумаги');
    expect(r.values.delivery_place).toBe('г. Тверь'); // saved by the generation test above
  });

  it('answers another company’s procurement like a missing one', async () => {
    const s = await socket('client2');
    const r = await userfields(s, { procurement_id: procurementId });
    expect(r).toEqual({ procurement_id: procurementId, fields: [], values: {}, error: 'Закупка не найдена' });
    const bad = await userfields(s, {});
    expect(bad.error).toMatch(/^Некорректный запрос/);
  });
});
