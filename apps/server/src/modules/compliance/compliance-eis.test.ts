import { complianceRoutes } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { eisConfirmations } from '../../db/schema/index.js';
import { todayMoscow } from '../../lib/moscow-time.js';

/**
 * A duty's object as the EIS connector found it by its registration number (docs/eis-sync.md):
 * the calendar reads the marks through the reader the eis-sync module declares (`dutyEisMarks`),
 * never importing it; a done duty whose object was not found in the EIS shows it.
 */
const t = testAppForFile({}, { demoProcurements: 'plain' });

const calendar = async () => {
  const r = await t.call(complianceRoutes.calendar, {
    params: { company_id: t.ids.companies.client1 },
    query: { from: '2025-01', to: '2027-03' },
    as: 'specialist',
  });
  expect(r.status).toBe(200);
  return r.body.items;
};

describe('the EIS marks of the duties’ objects', () => {
  it('a done duty whose contract was not found in the EIS shows it; a confirmed notice shows its day; others none', async () => {
    const company = t.ids.companies.client1;
    const before = await calendar();
    // nothing checked yet: no duty has a mark
    expect(before.every((d) => d.eis_status === null && d.eis_status_on === null)).toBe(true);
    const done = before.find((d) => d.object.type === 'contract' && d.state.startsWith('done'))!;
    const notice = before.find((d) => d.object.type === 'procurement')!;
    const pending = before.find(
      (d) => d.object.type === 'contract' && d.object.id !== done.object.id && d.object.id !== null,
    )!;
    expect([done, notice, pending].every(Boolean)).toBe(true);
    await t.app.deps.db.insert(eisConfirmations).values([
      {
        companyId: company,
        entity: 'contract',
        entityId: done.object.id!,
        registrationNumber: done.object.number ?? '1',
        status: 'not_found',
      },
      {
        companyId: company,
        entity: 'procurement',
        entityId: notice.object.id!,
        registrationNumber: notice.object.number ?? '2',
        status: 'confirmed',
        confirmedOn: '2026-01-15',
      },
      {
        companyId: company,
        entity: 'contract',
        entityId: pending.object.id!,
        registrationNumber: pending.object.number ?? '3',
        status: 'pending',
      },
    ]);
    const after = await calendar();
    const of = (type: string, id: number | null) =>
      after.filter((d) => d.object.type === type && d.object.id === id);
    const doneNow = after.find((d) => d.key === done.key)!;
    expect(doneNow).toMatchObject({ eis_status: 'not_found', eis_status_on: todayMoscow() });
    expect(doneNow.state).toBe(done.state);
    // the mark is the object's: every duty of the notice's procurement carries it
    for (const d of of('procurement', notice.object.id))
      expect(d).toMatchObject({ eis_status: 'confirmed', eis_status_on: '2026-01-15' });
    // pending (within the grace period) is no mark; other objects and reports have none
    for (const d of of('contract', pending.object.id)) expect(d.eis_status).toBeNull();
    const marked = new Set([`contract:${done.object.id}`, `procurement:${notice.object.id}`]);
    for (const d of after.filter((x) => !marked.has(`${x.object.type}:${x.object.id}`)))
      expect(d.eis_status, d.key).toBeNull();
    // the staff's calendar across companies shows the same mark
    const staff = await t.call(complianceRoutes.staffCalendar, {
      query: { from: '2025-01', to: '2027-03', company_id: String(company) },
      as: 'admin',
    });
    expect(staff.body.items.find((d) => d.key === done.key)?.eis_status).toBe('not_found');
  });

  it('a company’s marks never show on another company’s duties', async () => {
    const other = await t.call(complianceRoutes.calendar, {
      params: { company_id: t.ids.companies.client2 },
      query: { from: '2025-01', to: '2027-03' },
      as: 'admin',
    });
    expect(other.status).toBe(200);
    expect(other.body.items.every((d) => d.eis_status === null)).toBe(true);
  });
});
