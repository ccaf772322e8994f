import { fileRoutes, exportRoutes as r } from '@zakupki/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Res, testAppForFile } from '../../../test/harness.js';
import { auditLog } from '../../db/schema/index.js';
import { createContract2024, download, errorOf, runExport } from './exports.factories.js';

const t = testAppForFile();
let own: string;
let stranger: string;
let c1: number;
let c2: number;
let contractId: number;
let reportId: number;
let fileId: number;

const denials = async () => {
  const [{ n }] = await t.app.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'access_denied'), eq(auditLog.userId, t.ids.users['client2@demo.local'])));
  return Number(n);
};

beforeAll(async () => {
  own = await t.login('client');
  stranger = await t.login('client2');
  c1 = t.ids.companies.client1;
  c2 = t.ids.companies.client2;
  contractId = (await createContract2024(t, own, c1, { number: 'Т-1' })).id;
  const report = await runExport(t, own, r.monthly, { company_id: c1 }, { year: 2024, month: 3 });
  expect(report.status).toBe('done');
  reportId = report.id;
  fileId = report.file_id!;
});
describe('tenancy of the export routes', () => {
  // [what, call, message]: the company gate answers the generic message; a foreign row under the
  // caller's own company answers exactly like a missing row (issue 18: ids cannot be probed)
  const routes = (): [string, () => Promise<Res>, string?][] => {
    const as = { token: stranger };
    const own1 = { company_id: c1 };
    const own2 = { company_id: c2 };
    return [
      ['GET export.xlsx', () => t.call(r.registerXlsx, { params: own1, as })],
      [
        'POST eis-contract',
        () => t.call(r.eisContract, { params: { ...own1, id: contractId }, body: {}, as }),
      ],
      [
        'POST eis-performance',
        () => t.call(r.eisPerformance, { params: { ...own1, id: contractId }, body: {}, as }),
      ],
      ['POST ocds', () => t.call(r.ocds, { params: own1, body: { contract_ids: [contractId] }, as })],
      ['POST monthly', () => t.call(r.monthly, { params: own1, body: { year: 2024, month: 3 }, as })],
      ['GET reports', () => t.call(r.list, { params: own1, as })],
      ['GET report', () => t.call(r.get, { params: { ...own1, report_id: reportId }, as })],
      // the stranger's own company with the other company's contract or report
      [
        'POST eis-contract (own company)',
        () => t.call(r.eisContract, { params: { ...own2, id: contractId }, body: {}, as }),
        'Договор не найден',
      ],
      [
        'POST eis-performance (own company)',
        () => t.call(r.eisPerformance, { params: { ...own2, id: contractId }, body: {}, as }),
        'Договор не найден',
      ],
      [
        'POST ocds (own company)',
        () => t.call(r.ocds, { params: own2, body: { contract_ids: [contractId] }, as }),
        `Договоры не найдены: ${contractId}`,
      ],
      [
        'GET report (own company)',
        () => t.call(r.get, { params: { ...own2, report_id: reportId }, as }),
        'Отчёт не найден',
      ],
    ];
  };

  it('answers 404 to a client of another company and writes the attempt to the audit log', async () => {
    for (const [what, call, message = 'Запрашиваемый ресурс не найден'] of routes()) {
      const before = await denials();
      const res = await call();
      expect(res.status, what).toBe(404);
      expect(errorOf(res).message, what).toBe(message);
      expect(await denials(), what).toBe(before + 1);
    }
  });

  it('shows a company only its own reports', async () => {
    const mine = await t.call(r.list, { params: { company_id: c1 }, as: { token: own } });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((x) => x.id)).toEqual([reportId]);
    expect(mine.body.items[0]).toMatchObject({
      report_code: 'monthly-223-19',
      status: 'done',
      file_id: fileId,
    });
    expect(mine.body.items[0].created_by).toEqual({
      id: t.ids.users['client@demo.local'],
      title: 'Кузнецов Дмитрий',
    });
    const theirs = await t.call(r.list, { params: { company_id: c2 }, as: { token: stranger } });
    expect(theirs.body).toEqual({ items: [], total: 0, page: 1, limit: 10 });
  });

  it('serves a report file to its company and 404 to another company', async () => {
    const ok = await download(t, own, `/api/files/${fileId}`);
    expect(ok.status).toBe(200);
    expect(String(ok.headers['content-disposition'])).toContain('attachment;');
    const before = await denials();
    const no = await t.call(fileRoutes.get, { params: { id: fileId }, as: { token: stranger } });
    expect(no.status).toBe(404);
    expect(await denials()).toBe(before + 1);
  });

  it('needs a session, and the right to create reports for the POST routes', async () => {
    expect((await t.call(r.list, { params: { company_id: c1 } })).status).toBe(401);
    expect((await t.call(r.registerXlsx, { params: { company_id: c1 } })).status).toBe(401);
    // the operator reads contracts of the company but may not create reports there
    const operator = await t.login('operator');
    expect((await t.call(r.list, { params: { company_id: c1 }, as: { token: operator } })).status).toBe(200);
    const refused = await t.call(r.monthly, {
      params: { company_id: c1 },
      body: { year: 2024, month: 3 },
      as: { token: operator },
    });
    expect(refused.status).toBe(403);
  });
});
