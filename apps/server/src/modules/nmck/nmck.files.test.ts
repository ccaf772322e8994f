import { buildPath, fileRoutes, type NmckJustification, nmckRoutes as r } from '@zakupki/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, testAppForFile } from '../../../test/harness.js';
import { rowsOf } from '../../db/bulk.js';
import { SUPPLIER } from '../contracts/contracts.factories.js';
import { multipart } from '../imports/import-uploads.factories.js';
import {
  createProcurement,
  day,
  methodIds,
  procurementBody,
} from '../procurements/procurements.factories.js';

/**
 * The file of a commercial offer (docs/nmck.md «Price sources»): uploaded to the offer, served by
 * the files route with the company check, replaced and detached; a wrong type or size is refused
 * with nothing written; another company's procurement answers 404. The upload limit is lowered
 * to 1 MB here so that the size refusal is cheap to reach.
 */

const t = testAppForFile({ UPLOAD_LIMIT_BYTES: String(1024 * 1024) });
let company: number;
let id: number;
let offerId: number;
let contractLike: number;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

const upload = async (
  name: string,
  data: Buffer,
  o: { as?: string; companyId?: number; sourceId?: number } = {},
) => {
  const body = multipart([{ name, data, contentType: 'application/octet-stream' }]);
  const url = buildPath(r.offerFile.path, {
    company_id: o.companyId ?? company,
    id,
    source_id: o.sourceId ?? offerId,
  });
  return t.req<NmckJustification>('POST', url, {
    token: await t.login(o.as ?? 'specialist'),
    body: body.payload,
    headers: body.headers,
  });
};
const sourceOf = (j: NmckJustification, sourceId = offerId) =>
  j.items.flatMap((it) => it.sources).find((s) => s.id === sourceId);
const fileCount = async () =>
  (await rowsOf<{ n: number }>(t.app.deps.db, sql`select count(*)::int as n from files`))[0].n;

beforeAll(async () => {
  company = t.ids.companies.client1;
  id = (await createProcurement(t, company, procurementBody(await methodIds(t)))).id;
  const base = {
    lot_number: 1,
    line_no: 1,
    includes_vat: true,
    vat_rate: '22%',
    source_date: day(-3),
  } as const;
  const res = await t.call(r.addSource, {
    params: { company_id: company, id },
    body: { ...base, kind: 'offer', price: '1000', supplier_inn: SUPPLIER.inn, supplier_name: SUPPLIER.name },
    as: 'specialist',
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  offerId = res.body.items[0].sources[0].id;
  const pub = await t.call(r.addSource, {
    params: { company_id: company, id },
    body: { ...base, kind: 'public', price: '1100', url: 'https://example.org/price', title: 'Прайс' },
    as: 'specialist',
  });
  contractLike = pub.body.items[0].sources.find((s) => s.kind === 'public')!.id;
}, 120_000);

describe('the file of a commercial offer', () => {
  it('is uploaded to the offer, named in the view and downloaded through the files route', async () => {
    const res = await upload('КП ООО Поставщик.pdf', PDF);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = sourceOf(res.body)!;
    expect(s.file_name).toBe('КП ООО Поставщик.pdf');
    expect(s.file_id).toEqual(expect.any(Number));
    const got = await t.call(fileRoutes.get, { params: { id: s.file_id! }, as: 'client' });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toContain('application/pdf');
    expect(Buffer.from(got.body as unknown as string, 'latin1').toString()).toBe(PDF.toString());
    const meta = await t.call(fileRoutes.meta, { params: { id: s.file_id! }, as: 'client' });
    expect(JSON.stringify(meta.body)).toContain('Коммерческое предложение (обоснование НМЦД)');
  });

  it('another company gets 404: its file download, and uploads under its path', async () => {
    const fileId = sourceOf(
      (await t.call(r.get, { params: { company_id: company, id }, as: 'client' })).body,
    )!.file_id!;
    expect((await t.call(fileRoutes.get, { params: { id: fileId }, as: 'client2' })).status).toBe(404);
    const before = await fileCount();
    // a user of company B under company A's path: the company gate answers 404
    const foreign = await upload('x.pdf', PDF, { as: 'client2' });
    expect(foreign.status).toBe(404);
    // staff acting for both companies: under company B's path, A's procurement is missing
    const other = await upload('x.pdf', PDF, { companyId: t.ids.companies.client2 });
    expect(other.status).toBe(404);
    const detach = await t.call(r.removeOfferFile, {
      params: { company_id: t.ids.companies.client2, id, source_id: offerId },
      as: 'specialist',
    });
    expect(detach.status).toBe(404);
    expect(await fileCount()).toBe(before);
  });

  it('a wrong type, a file not what its name says, a file over the limit are refused, nothing written', async () => {
    const before = await fileCount();
    const kept = sourceOf((await t.call(r.get, { params: { company_id: company, id }, as: 'client' })).body)!;
    const exe = await upload('setup.exe', Buffer.from('MZ\u0090\u0000'));
    expect(exe.status).toBe(400);
    expect(errorOf(exe).message).toBe(
      'Файл «setup.exe» не принят: для коммерческого предложения допустимы PDF, DOC, DOCX, XLS, XLSX, JPG, PNG или ZIP',
    );
    const fake = await upload('КП.pdf', Buffer.from('not a pdf'));
    expect(fake.status).toBe(400);
    expect(errorOf(fake).message).toBe('Файл «КП.pdf» не принят: файл повреждён или не является PDF');
    const big = await upload('КП.pdf', Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(errorOf(big).message).toBe(
      'Файл «КП.pdf» не принят: файл больше 1 МБ (ограничение файла коммерческого предложения)',
    );
    const notOffer = await upload('КП.pdf', PDF, { sourceId: contractLike });
    expect(notOffer.status).toBe(400);
    expect(errorOf(notOffer).message).toBe('Файл прикрепляется только к коммерческому предложению');
    expect(await fileCount()).toBe(before);
    const after = sourceOf(
      (await t.call(r.get, { params: { company_id: company, id }, as: 'client' })).body,
    )!;
    expect(after.file_id).toBe(kept.file_id);
  });

  it('is replaced by a new upload and detached', async () => {
    const first = sourceOf(
      (await t.call(r.get, { params: { company_id: company, id }, as: 'client' })).body,
    )!;
    const png = Buffer.from('\u0089PNG\r\n\u001a\n', 'latin1');
    const replaced = await upload('скан.png', png);
    expect(replaced.status).toBe(200);
    const s = sourceOf(replaced.body)!;
    expect(s.file_name).toBe('скан.png');
    expect(s.file_id).not.toBe(first.file_id);
    const p = { company_id: company, id, source_id: offerId };
    const removed = await t.call(r.removeOfferFile, { params: p, as: 'specialist' });
    expect(removed.status).toBe(200);
    expect(sourceOf(removed.body)).toMatchObject({ file_id: null, file_name: null });
    const again = await t.call(r.removeOfferFile, { params: p, as: 'specialist' });
    expect(again.status).toBe(404);
    expect(errorOf(again).message).toBe('У коммерческого предложения нет файла');
  });
});
