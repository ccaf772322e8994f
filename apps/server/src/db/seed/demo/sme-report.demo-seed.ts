import { todayMoscow } from '../../../lib/moscow-time.js';
import { toSnapshot } from '../../../modules/sme-report/sme-report.presenter.js';
import { upsertFiling } from '../../../modules/sme-report/sme-report.repository.js';
import { buildSmeReport } from '../../../modules/sme-report/sme-report.service.js';
import type { Tx } from '../../client.js';
import type { DemoIds } from './demo.seed.js';

/** The EIS registration number the demo's SME report of last year was placed under. */
export const DEMO_SME_EIS_NUMBER = '32500012345';

/**
 * The grid company's SME report of last year (its contracts: `sme-report.demo-data.ts`), filed by
 * the specialist on 27 January (or today, early in January), with the figures as the module
 * computes them.
 */
export async function seedDemoSmeReport(tx: Tx, ids: DemoIds): Promise<void> {
  const today = todayMoscow();
  const year = Number(today.slice(0, 4)) - 1;
  const companyId = ids.companies.client1;
  const { figures } = await buildSmeReport(tx, companyId, year, today);
  const due = `${year + 1}-01-27`;
  await upsertFiling(tx, {
    companyId,
    year,
    filedOn: due < today ? due : today,
    eisNumber: DEMO_SME_EIS_NUMBER,
    figures: toSnapshot(figures),
    filedBy: ids.users['specialist@demo.local'] ?? null,
  });
}
