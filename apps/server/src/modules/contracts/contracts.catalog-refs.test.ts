import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  catalogRoutes,
  contractRoutes,
  type EisPlanPositionSearchQuery,
  eisPlanRoutes,
} from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { catalogEntries, contracts } from '../../db/schema/index.js';
import { MIGRATIONS_DIR } from '../../paths.js';
import { contractBody, createContract, errorOf } from './contracts.factories.js';

/**
 * The contract card's catalogue fields: procurement method, НМЦД method, funding source, basis and
 * plan position are chosen from their catalogues; a text of before survives until re-picked.
 */
const t = testAppForFile();
let token: string;
let own: number;
let other: number;

async function entryId(kind: string, code: string, typeCode: number | null = null): Promise<number> {
  const [row] = await t.db.database.query<{ id: number }>(
    'select id from catalog_entries where kind = $1 and code = $2 and coalesce(type_code, 0) = $3 and company_id is null',
    [kind, code, typeCode ?? 0],
  );
  return row.id;
}

async function denials(entityId: number) {
  const [r] = await t.db.database.query<{ n: number }>(
    "select count(*)::int as n from audit_log where action = 'access_denied' and entity = 'catalog_entry' and entity_id = $1",
    [String(entityId)],
  );
  return r.n;
}

beforeAll(async () => {
  token = await t.login('client');
  own = t.ids.companies.client1;
  other = t.ids.companies.client2;
});

describe('catalogue references of a contract', () => {
  it('creates and updates with catalogue ids: the method takes the entry’s code and title', async () => {
    const tender = await entryId('method', 'e_tender');
    const market = await entryId('generic', '1', 1);
    const tariff = await entryId('generic', '3', 1);
    const funding = await entryId('generic', '2', 8);
    const basis = await entryId('generic', '1', 9);
    const c = await createContract(t, token, own, {
      number: 'КС-1',
      procurement_method_id: tender,
      procurement_method_code: 'ignored',
      procurement_method_name: 'ignored',
      price_method_id: market,
      funding_source_id: funding,
      contract_basis_id: basis,
    });
    expect(c).toMatchObject({
      procurement_method_id: tender,
      procurement_method_code: 'e_tender',
      procurement_method_name: 'Конкурс в электронной форме',
      price_method_id: market,
      funding_source_id: funding,
      contract_basis_id: basis,
    });
    const single = await entryId('method', 'single_supplier');
    const put = await t.call(contractRoutes.update, {
      params: { company_id: own, id: c.id },
      as: 'client',
      body: contractBody({ number: 'КС-1', procurement_method_id: single, price_method_id: tariff }),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({
      procurement_method_id: single,
      procurement_method_code: 'single_supplier',
      price_method_id: tariff,
    });
  });

  it('a code of the methods catalogue without an id names its entry', async () => {
    const c = await createContract(t, token, own, { number: 'КС-2', procurement_method_code: 'e_auction' });
    expect(c.procurement_method_id).toBe(await entryId('method', 'e_auction'));
    expect(c.procurement_method_name).toBe('Аукцион в электронной форме');
  });

  it('refuses a method that is not in the catalogue and entries of the wrong catalogue', async () => {
    const free = await t.call(contractRoutes.create, {
      params: { company_id: own },
      as: 'client',
      body: contractBody({ procurement_method_code: null, procurement_method_name: 'Аукцион на понижение' }),
    });
    expect(free.status).toBe(400);
    expect(errorOf(free).details.issues).toContainEqual({
      path: 'body.procurement_method_id',
      message: 'Способ закупки выберите из справочника «Способы закупки»: «Аукцион на понижение» в нём нет',
    });
    const funding = await entryId('generic', '2', 8);
    const wrong = await t.call(contractRoutes.create, {
      params: { company_id: own },
      as: 'client',
      body: contractBody({ procurement_method_id: funding, price_method_id: funding }),
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).details.issues).toEqual(
      expect.arrayContaining([
        {
          path: 'body.procurement_method_id',
          message: 'Способ закупки: запись справочника не найдена или в архиве',
        },
        {
          path: 'body.price_method_id',
          message: 'Метод определения НМЦД: запись справочника не найдена или в архиве',
        },
      ]),
    );
  });

  it('another company’s entry is refused like a missing one, and audited', async () => {
    const [foreign] = await t.app.deps.db
      .insert(catalogEntries)
      .values({ kind: 'method', code: 'own_method', title: 'Свой способ другой компании', companyId: other })
      .returning({ id: catalogEntries.id });
    const [foreignPrice] = await t.app.deps.db
      .insert(catalogEntries)
      .values({
        kind: 'generic',
        typeCode: 1,
        code: '77',
        title: 'Свой метод другой компании',
        companyId: other,
      })
      .returning({ id: catalogEntries.id });
    const missing = await t.call(contractRoutes.create, {
      params: { company_id: own },
      as: 'client',
      body: contractBody({ procurement_method_id: 999999 }),
    });
    const before = await denials(foreign.id);
    const refused = await t.call(contractRoutes.create, {
      params: { company_id: own },
      as: 'client',
      body: contractBody({ procurement_method_id: foreign.id }),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toBe(JSON.stringify(missing.body));
    expect(await denials(foreign.id)).toBe(before + 1);
    const price = await t.call(contractRoutes.create, {
      params: { company_id: own },
      as: 'client',
      body: contractBody({ price_method_id: foreignPrice.id }),
    });
    expect(price.status).toBe(400);
    expect(await denials(foreignPrice.id)).toBe(1);
    // the company's own entry is fine
    const [mine] = await t.app.deps.db
      .insert(catalogEntries)
      .values({ kind: 'method', code: 'own_method', title: 'Свой способ', companyId: own })
      .returning({ id: catalogEntries.id });
    const c = await createContract(t, token, own, { number: 'КС-3', procurement_method_code: 'own_method' });
    expect(c.procurement_method_id).toBe(mine.id);
  });

  it('a method kept as text survives an edit until another is chosen', async () => {
    const c = await createContract(t, token, own, { number: 'КС-4' });
    await t.app.deps.db
      .update(contracts)
      .set({ procurementMethodCode: '30000', procurementMethodName: 'Закупка у единственного поставщика' })
      .where(eq(contracts.id, c.id));
    const kept = await t.call(contractRoutes.update, {
      params: { company_id: own, id: c.id },
      as: 'client',
      body: contractBody({
        number: 'КС-4',
        subject: 'Изменённый предмет',
        procurement_method_code: '30000',
        procurement_method_name: 'Закупка у единственного поставщика',
      }),
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({
      procurement_method_id: null,
      procurement_method_code: '30000',
      procurement_method_name: 'Закупка у единственного поставщика',
    });
    const changed = await t.call(contractRoutes.update, {
      params: { company_id: own, id: c.id },
      as: 'client',
      body: contractBody({
        number: 'КС-4',
        procurement_method_code: '30000',
        procurement_method_name: 'Другое',
      }),
    });
    expect(changed.status).toBe(400);
    const single = await entryId('method', 'single_supplier');
    const picked = await t.call(contractRoutes.update, {
      params: { company_id: own, id: c.id },
      as: 'client',
      body: contractBody({ number: 'КС-4', procurement_method_id: single }),
    });
    expect(picked.body).toMatchObject({
      procurement_method_id: single,
      procurement_method_code: 'single_supplier',
    });
  });

  it('a plan position is one of the company’s plans; an older number is kept', async () => {
    const [pos] = await t.db.database.query<{ number: string }>(
      'select number from eis_plan_positions where company_id = $1 order by id limit 1',
      [own],
    );
    const [foreignPos] = await t.db.database.query<{ number: string }>(
      'select number from eis_plan_positions where company_id = $1 order by id limit 1',
      [other],
    );
    const c = await createContract(t, token, own, { number: 'КС-5', plan_position_number: pos.number });
    expect(c.plan_position_number).toBe(pos.number);
    expect(c.plan_position_subject).toEqual(expect.any(String));
    for (const number of [foreignPos.number, '2230000000001-999']) {
      const r = await t.call(contractRoutes.create, {
        params: { company_id: own },
        as: 'client',
        body: contractBody({ plan_position_number: number }),
      });
      expect(r.status).toBe(400);
      expect(errorOf(r).details.issues).toContainEqual({
        path: 'body.plan_position_number',
        message: `Позиции № ${number} нет в планах закупки компании: выберите позицию из загруженных планов`,
      });
    }
    await t.app.deps.db
      .update(contracts)
      .set({ planPositionNumber: '2230000000001-999' })
      .where(eq(contracts.id, c.id));
    const kept = await t.call(contractRoutes.update, {
      params: { company_id: own, id: c.id },
      as: 'client',
      body: contractBody({ number: 'КС-5', plan_position_number: '2230000000001-999' }),
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({
      plan_position_number: '2230000000001-999',
      plan_position_subject: null,
    });
  });

  it('the picker finds the company’s positions by words of the subject and the start of the number', async () => {
    const [pos] = await t.db.database.query<{ number: string; subject: string }>(
      `select p.number, pv.subject from eis_plan_positions p
         join eis_plans pl on pl.id = p.plan_id
         join eis_plan_versions v on v.plan_id = pl.id and v.version = pl.current_version
         join eis_plan_position_versions pv on pv.version_id = v.id and pv.position_id = p.id
        where p.company_id = $1 order by p.id limit 1`,
      [own],
    );
    const search = (query: EisPlanPositionSearchQuery, company = own) =>
      t.call(eisPlanRoutes.searchPositions, { params: { company_id: company }, query, as: 'client' });
    const all = await search({ limit: '5' });
    expect(all.status).toBe(200);
    expect(all.body.items.length).toBeLessThanOrEqual(5);
    expect(all.body.total).toBeGreaterThan(0);
    const words = pos.subject.split(/\s+/).slice(0, 2).join(' ').toUpperCase();
    const bySubject = await search({ q: words, limit: '100' });
    expect(bySubject.body.items.map((i) => i.number)).toContain(pos.number);
    const byNumber = await search({ q: pos.number });
    expect(byNumber.body.items[0]).toMatchObject({ number: pos.number, subject: pos.subject });
    const none = await search({ q: 'нетакихслов' });
    expect(none.body).toMatchObject({ items: [], total: 0 });
    // another company's positions are not found; its route answers 404
    const [foreignPos] = await t.db.database.query<{ number: string }>(
      'select number from eis_plan_positions where company_id = $1 order by id limit 1',
      [other],
    );
    expect((await search({ q: foreignPos.number })).body.total).toBe(0);
    expect((await search({}, other)).status).toBe(404);
  });

  it('a used method or НМЦД method may be archived, not deleted', async () => {
    const quotation = await entryId('method', 'e_quotation');
    const normative = await entryId('generic', '2', 1);
    await createContract(t, token, own, {
      number: 'КС-6',
      procurement_method_id: quotation,
      price_method_id: normative,
    });
    const del = await t.call(catalogRoutes.methods.remove, { params: { id: quotation }, as: 'admin' });
    expect(del.status).toBe(409);
    const delPrice = await t.call(catalogRoutes.generic.remove, {
      params: { type: 1, id: normative },
      as: 'admin',
    });
    expect(delPrice.status).toBe(409);
  });

  it('the migration points methods stored as text at their entry, by code then by title; the rest keeps its text', async () => {
    const sqlText = await readFile(
      path.join(MIGRATIONS_DIR, '0015_contracts_catalog_refs_backfill.sql'),
      'utf8',
    );
    const [mine] = await t.app.deps.db
      .insert(catalogEntries)
      .values({ kind: 'method', code: 'e_auction', title: 'Аукцион по положению компании', companyId: own })
      .returning({ id: catalogEntries.id });
    const legacy = async (number: string, code: string | null, name: string | null, company = own) => {
      const c = await createContract(t, await t.login(company === own ? 'client' : 'client2'), company, {
        number,
        procurement_method_code: null,
        procurement_method_name: null,
      });
      await t.app.deps.db
        .update(contracts)
        .set({ procurementMethodId: null, procurementMethodCode: code, procurementMethodName: name })
        .where(eq(contracts.id, c.id));
      return c.id;
    };
    const byOwnCode = await legacy('МГ-1', 'e_auction', 'Аукцион в электронной форме');
    const byGlobalCode = await legacy('МГ-2', 'e_auction', null, other);
    const byTitle = await legacy('МГ-3', null, '  запрос котировок в электронной форме ');
    const kept = await legacy(
      'МГ-4',
      '30000',
      'Закупка у единственного поставщика (подрядчика, исполнителя)',
    );
    for (const statement of sqlText.split('--> statement-breakpoint')) await t.db.database.query(statement);
    const rows = await t.db.database.query<{
      id: number;
      m: number | null;
      code: string | null;
      name: string | null;
    }>(
      'select id, procurement_method_id as m, procurement_method_code as code, procurement_method_name as name from contracts where id = any($1) order by id',
      [[byOwnCode, byGlobalCode, byTitle, kept]],
    );
    expect(rows).toEqual([
      { id: byOwnCode, m: mine.id, code: 'e_auction', name: 'Аукцион по положению компании' },
      {
        id: byGlobalCode,
        m: await entryId('method', 'e_auction'),
        code: 'e_auction',
        name: 'Аукцион в электронной форме',
      },
      {
        id: byTitle,
        m: await entryId('method', 'e_quotation'),
        code: 'e_quotation',
        name: 'Запрос котировок в электронной форме',
      },
      {
        id: kept,
        m: null,
        code: '30000',
        name: 'Закупка у единственного поставщика (подрядчика, исполнителя)',
      },
    ]);
  });
});
