import { type Procurement, procurementRoutes as r } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { createProcurement, day, methodIds, procurementBody } from './procurements.factories.js';

const t = testAppForFile();
let company: number;
let methods: Record<string, number>;

beforeAll(async () => {
  company = t.ids.companies.client1;
  methods = await methodIds(t);
});

const put = (id: number, body: Record<string, unknown>) =>
  t.call(r.update, { params: { company_id: company, id }, body, as: 'specialist' });

/** The card without what every save changes (revision, time, the lots' and items' row ids). */
const stable = ({ revision: _r, updated_at: _u, lots, ...rest }: Procurement) => ({
  ...rest,
  lots: lots.map(({ id: _l, items, ...lot }) => ({ ...lot, items: items.map(({ id: _i, ...it }) => it) })),
});

describe('an edit of a procurement keeps what it does not send (issue 26 item 3)', () => {
  it('a body with one field changes that field only: lots, items, dates and flags stay', async () => {
    const p = await createProcurement(
      t,
      company,
      procurementBody(methods, {
        sme_only: true,
        electronic: true,
        platform_name: 'РТС-тендер',
        nmcd_justification: 'Метод сопоставимых рыночных цен',
        subject_type: 'goods',
      }),
    );
    const res = await put(p.id, { subject: 'Поставка кабеля (уточнено)' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.revision).toBe(p.revision + 1);
    expect(stable(res.body)).toEqual(stable({ ...p, subject: 'Поставка кабеля (уточнено)' }));
    const history = await t.call(r.history, { params: { company_id: company, id: p.id }, as: 'specialist' });
    expect(history.body.items[0]).toMatchObject({ kind: 'updated', changed_fields: ['subject'] });
  });

  it('an explicit null clears a field that may be empty; a required one refuses null', async () => {
    const p = await createProcurement(
      t,
      company,
      procurementBody(methods, { platform_name: 'РТС-тендер', review_date: day(32) }),
    );
    const cleared = await put(p.id, { platform_name: null, review_date: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({
      platform_name: null,
      review_date: null,
      bids_deadline: p.bids_deadline,
      subject: p.subject,
    });
    expect(cleared.body.lots[0].items).toHaveLength(2);
    const refused = await put(p.id, { subject: null });
    expect(refused.status).toBe(400);
  });

  it('the whole is checked again: an НМЦД alone that no longer fits the lots is refused', async () => {
    const p = await createProcurement(t, company, procurementBody(methods));
    const res = await put(p.id, { nmcd: '1000.00' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/НМЦД/);
    const card = await t.call(r.get, { params: { company_id: company, id: p.id }, as: 'specialist' });
    expect(card.body).toMatchObject({ nmcd: p.nmcd, revision: p.revision });
  });
});
