import { fromKopecks, toScaled } from '@zakupki/shared';
import { and, asc, eq } from 'drizzle-orm';
import {
  DEFAULT_NMCK_VERSION_SETTINGS,
  NMCK_METHOD_CATALOG_CODE,
} from '../../../modules/law/law-nmck-methods.js';
import { documentHash } from '../../../modules/nmck/nmck.presenter.js';
import * as nmckRepo from '../../../modules/nmck/nmck.repository.js';
import { computeValues, type Loaded } from '../../../modules/nmck/nmck.service.js';
import { loadProcurement } from '../../../modules/procurements/procurements-query.service.js';
import type { Tx } from '../../client.js';
import { nmckSources, procurements } from '../../schema/index.js';
import type { DemoIds } from './demo.seed.js';

/** Suppliers of the demo offers (valid ИНН checksums). */
const SUPPLIERS = [
  { inn: '7704123450', name: 'ООО «ЭлектроСнаб»' },
  { inn: '7810456789', name: 'АО «Северная кабельная компания»' },
  { inn: '7707083893', name: 'ПАО «Торговый дом»' },
];

/**
 * A finished НМЦД justification on the first draft procurement of each client company (docs/nmck.md):
 * every item has three commercial offers at its price −5 %, exactly and +5 % (so the mean is the
 * price the card holds, coefficient of variation 5 %), the justification applied by market
 * analysis and its «Обоснование НМЦД» generated from those values.
 */
export async function seedDemoNmck(tx: Tx, ids: DemoIds): Promise<void> {
  const specialist = ids.users['specialist@demo.local'] ?? null;
  const methodId = await nmckRepo.nmcdMethodEntry(tx, NMCK_METHOD_CATALOG_CODE.market);
  for (const companyId of [ids.companies.client1, ids.companies.client2]) {
    const [row] = await tx
      .select()
      .from(procurements)
      .where(and(eq(procurements.companyId, companyId), eq(procurements.status, 'draft')))
      .orderBy(asc(procurements.id))
      .limit(1);
    if (!row) continue;
    const p = await loadProcurement(tx, row);
    const priced = p.lots.flatMap((l) => l.items).every((it) => toScaled(it.unit_price, 2) > 0n);
    if (!priced || p.lots.every((l) => l.items.length === 0)) continue;
    const sourceDate = (p.created_at ?? new Date().toISOString()).slice(0, 10);
    for (const lot of p.lots)
      for (const [i, it] of lot.items.entries()) {
        const k = toScaled(it.unit_price, 2);
        const d = k / 20n;
        for (const [j, price] of [k - d, k, k + d].entries())
          await tx.insert(nmckSources).values({
            companyId,
            procurementId: p.id,
            lotNumber: lot.number,
            lineNo: i + 1,
            kind: 'offer',
            price: fromKopecks(price),
            includesVat: true,
            vatRate: it.vat_rate,
            sourceDate,
            supplierInn: SUPPLIERS[j].inn,
            supplierName: SUPPLIERS[j].name,
            createdBy: specialist,
          });
      }
    if (methodId)
      await tx.update(procurements).set({ nmcdMethodId: methodId }).where(eq(procurements.id, p.id));
    const settings = (await nmckRepo.versionSettings(tx, row.ruleVersionId)) ?? DEFAULT_NMCK_VERSION_SETTINGS;
    const l: Loaded = { procurement: p, settings };
    const values = await computeValues(tx, l, 'market');
    await nmckRepo.upsertJustification(tx, {
      procurementId: p.id,
      companyId,
      method: 'market',
      appliedAt: new Date(),
      appliedBy: specialist,
      documentValues: values as unknown as Record<string, unknown>,
      documentHash: documentHash(values),
      documentAt: new Date(),
    });
  }
}
