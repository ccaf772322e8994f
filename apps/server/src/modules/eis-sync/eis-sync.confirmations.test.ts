import { EIS_CONFIRMATION_IDS_MAX, eisSyncRoutes } from '@zakupki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp } from '../../../test/harness.js';
import { eisConfirmations } from '../../db/schema/index.js';

/**
 * GET …/eis_sync/confirmations?entity=&ids=: a register page asks once for the marks of the rows
 * it shows (docs/web.md «EIS confirmation marks»); the company's marks only.
 */
let t: TestApp;
let company: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  company = t.ids.companies.client1;
  other = t.ids.companies.client2;
  const mark = (
    companyId: number,
    entity: 'contract' | 'procurement',
    entityId: number,
    confirmed: boolean,
  ) => ({
    companyId,
    entity,
    entityId,
    registrationNumber: `5${entityId}000000`,
    status: confirmed ? ('confirmed' as const) : ('not_found' as const),
    confirmedOn: confirmed ? '2026-11-20' : null,
  });
  await t.app.deps.db
    .insert(eisConfirmations)
    .values([
      mark(company, 'contract', 101, true),
      mark(company, 'contract', 102, false),
      mark(company, 'contract', 103, true),
      mark(company, 'procurement', 101, true),
      mark(other, 'contract', 104, true),
    ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const list = (query: Record<string, unknown>) =>
  t.call(eisSyncRoutes.confirmations, { params: { company_id: company }, query, as: 'client' });

describe('EIS confirmation marks by ids', () => {
  it('answers the marks of the ids asked for, of that kind and company only', async () => {
    const r = await list({ entity: 'contract', ids: '101,102,104,999' });
    expect(r.status).toBe(200);
    expect(r.body.items.map((i) => [i.entity_id, i.status, i.confirmed_on]).sort()).toEqual([
      [101, 'confirmed', '2026-11-20'],
      [102, 'not_found', null],
    ]);
    // repeated keys, as the web client sends an array
    const repeated = await list({ entity: 'contract', ids: [101, 103] });
    expect(repeated.body.items.map((i) => i.entity_id).sort()).toEqual([101, 103]);
    const procurement = await list({ entity: 'procurement', ids: [101, 102] });
    expect(procurement.body.items.map((i) => [i.entity, i.entity_id])).toEqual([['procurement', 101]]);
  });

  it('without ids answers every mark of the kind (as before)', async () => {
    const r = await list({ entity: 'contract' });
    expect(r.body.items.map((i) => i.entity_id).sort()).toEqual([101, 102, 103]);
  });

  it('refuses ids that are not ids, and more than a page of them', async () => {
    const bad = await list({ entity: 'contract', ids: '101,abc' });
    expect(bad.status).toBe(400);
    const many = await list({
      entity: 'contract',
      ids: Array.from({ length: EIS_CONFIRMATION_IDS_MAX + 1 }, (_, i) => i + 1).join(','),
    });
    expect(many.status).toBe(400);
    expect(errorOf(many).details.issues[0].message).toBe(
      `Не более ${EIS_CONFIRMATION_IDS_MAX} объектов за один запрос`,
    );
  });
});
