import { procurementDocumentRoutes as d, procurementRoutes as r } from '@zakupki/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, testAppForFile } from '../../../test/harness.js';
import { auditLog, procurements } from '../../db/schema/index.js';
import { addCustomer, newCompany, runImport } from '../imports/import-uploads.factories.js';
import { versionBody } from '../procurement-rules/procurement-rules.factories.js';
import { file, INNS, NOTICE_ZK, publishedRule } from './eis-procurement.factories.js';
import { procurementBody } from './procurements.factories.js';

/**
 * A notice from before the company used Zakupki (issue 25, item 9): imported with no Положение
 * in force on its day it is stored unpinned and marked so; the specialist pins it later to a
 * version of the company in force on that day, and a method that version does not allow is
 * flagged on the card.
 */
const t = testAppForFile();
let company: number;
let other: number;
let id: number;

const params = () => ({ company_id: company, id });
const card = () => t.call(r.get, { params: params(), as: 'admin' });
const pin = (ruleVersionId: number, as: 'admin' | 'client' = 'admin') =>
  t.call(r.pin, { params: params(), body: { rule_version_id: ruleVersionId }, as });

beforeAll(async () => {
  company = await newCompany(t, 'Закупки до Zakupki');
  other = await newCompany(t, 'Чужая компания');
  await addCustomer(t, company, INNS.adygea);
}, 60_000);

describe('importing a notice with no Положение in force', () => {
  it('imports it unpinned, with a warning that says so', async () => {
    const token = await t.login('admin');
    const run = await runImport(t, token, company, 'eis-procurements', [file(NOTICE_ZK)]);
    expect(run.status, run.error).toBe('done');
    const [item] = run.result.items;
    expect(item.outcome).toBe('created');
    expect(item.warnings.join('\n')).toContain('нет Положения о закупке, действовавшего на 02.11.2012');
    expect(item.warnings.join('\n')).toContain('без привязки к Положению');
    id = item.procurement_id;
    const [row] = await t.app.deps.db.select().from(procurements).where(eq(procurements.id, id));
    expect(row.ruleVersionId).toBeNull();
    expect(row.number).toMatch(/^З-2012-/);
  });

  it('shows the card unpinned and refuses edits and documentation until it is pinned', async () => {
    const res = await card();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rule_id: null,
      rule_title: null,
      rule_version_id: null,
      rule_version_number: null,
    });
    const methods = Object.fromEntries(
      (
        await t.db.database.query<{ id: number; code: string }>(
          "select id, code from catalog_entries where kind = 'method' and company_id is null",
        )
      ).map((x) => [x.code, x.id]),
    );
    const put = await t.call(r.update, {
      params: params(),
      body: procurementBody(methods, { customer_id: res.body.customer_id }),
      as: 'admin',
    });
    expect(put.status).toBe(409);
    expect(errorOf(put).message).toContain('без привязки к Положению');
    const docs = await t.call(d.get, { params: params(), as: 'admin' });
    expect(docs.status).toBe(409);
    expect(errorOf(docs).message).toContain('привяжите закупку к редакции');
  });

  it('offers no version while none was in force on its day, and refuses one that was not', async () => {
    const late = await publishedRule(t, company, '2015-01-01');
    const options = await t.call(r.pinOptions, { params: params(), as: 'admin' });
    expect(options.status).toBe(200);
    expect(options.body).toEqual({ day: '2012-11-02', items: [] });
    const res = await pin(late.versionId);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toContain('не действовала на 02.11.2012');
    expect(errorOf(res).details?.issues[0].path).toBe('body.rule_version_id');
    expect((await card()).body.rule_version_id).toBeNull();
  });

  it('refuses a version of another company like a missing one, and audits it', async () => {
    const foreign = await publishedRule(t, other, '2010-01-01');
    const missing = await pin(99_999_999);
    const res = await pin(foreign.versionId);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(missing.body);
    const denied = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access_denied'), eq(auditLog.entity, 'procurement_rule_version')));
    expect(denied.map((a) => a.entityId)).toContain(String(foreign.versionId));
    expect((await card()).body.rule_version_id).toBeNull();
  });

  it('refuses the body without a version, naming the field', async () => {
    const res = await t.call(r.pin, { params: params(), body: {} as never, as: 'admin' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Выберите редакцию Положения о закупке');
  });

  it('pins it to a version in force on its day: audited, in its history, the method flagged', async () => {
    // the version allows electronic auctions only: the imported «Запрос котировок» is not among them
    const fit = await publishedRule(t, company, '2011-01-01', (m) => ({
      ...versionBody(m),
      methods: (versionBody(m).methods ?? []).slice(0, 1),
    }));
    const options = await t.call(r.pinOptions, { params: params(), as: 'admin' });
    expect(options.body.items.map((o: { rule_version_id: number }) => o.rule_version_id)).toEqual([
      fit.versionId,
    ]);

    expect((await pin(fit.versionId, 'client')).status).toBeGreaterThanOrEqual(403);
    const res = await pin(fit.versionId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      rule_version_id: fit.versionId,
      rule_id: fit.ruleId,
      rule_version_number: 1,
    });
    const flagged = res.body.warnings.find((w: { rule: string }) => w.rule === 'method_not_in_version');
    expect(flagged?.message).toContain('не предусмотрен');
    expect(flagged?.path).toBe('body.method_id');

    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'pin'),
          eq(auditLog.entity, 'procurement'),
          eq(auditLog.entityId, String(id)),
        ),
      );
    expect(entry.after).toMatchObject({ rule_version_id: fit.versionId, day: '2012-11-02' });
    const history = await t.call(r.history, { params: params(), as: 'admin' });
    expect(history.body.items[0]).toMatchObject({
      changed_fields: ['rule_version_id'],
      title: 'Изменено: Положение о закупке',
    });
    expect(history.body.items[0].comment).toContain('Привязана к редакции 1');

    const again = await pin(fit.versionId);
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toContain('уже привязана');
    expect((await t.call(r.pinOptions, { params: params(), as: 'admin' })).body.items).toEqual([]);
    const docs = await t.call(d.get, { params: params(), as: 'admin' });
    expect(docs.status).toBe(200);
  });
});
