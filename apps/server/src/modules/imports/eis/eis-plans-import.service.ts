import type { EisPlanImportResult, EisPlanViolation } from '@zakupki/shared';
import type { Tx } from '../../../db/client.js';
import type { EisLongTermJson } from '../../../db/schema/index.js';
import type { EisPlan, EisPlanItem, EisPlanLongTermVolume } from '../../../kernel/eis/eis.types.js';
import { RunFailure } from '../../../kernel/runs.js';
import { ParseError } from '../../../lib/parse-error.js';
import { audit } from '../../audit/audit.service.js';
import { positionTotals } from '../../eis-plans/eis-plan-positions.repository.js';
import { diffPositions, isAnnulled, positionNumber, sumMoney } from '../../eis-plans/eis-plans.policy.js';
import { stateOf } from '../../eis-plans/eis-plans.presenter.js';
import {
  analyzePlanPositions,
  findPlanByNumber,
  findVersion,
  insertPlan,
  insertPositions,
  insertPositionVersions,
  insertVersion,
  type PositionVersionInsert,
  planPositionKeys,
  previousVersion,
  setCurrentVersion,
  storeVersionTotals,
  versionPositionRows,
} from '../../eis-plans/eis-plans.repository.js';
import { storeAndListPlanViolations } from '../../eis-plans/eis-plans.service.js';
import type { ImportEntry } from '../import-files.js';
import type { ImportSpec } from '../import-runner.js';
import { parseOffThread } from '../imports.parsers.js';
import type { parseEisFile } from './eis.parser.js';
import { companyCustomers } from './eis.repository.js';

export type Parsed = { entry: ImportEntry; plan: EisPlan };

/**
 * Parses every file: each must be a purchasePlan of the company or one of its customers. Parsed in
 * the parse pool's threads (a 7.9 MB plan of 900 000 attributes held the event loop 2.6 s).
 */
async function parseAll(entries: ImportEntry[], inns: Set<string>, companyInn: string): Promise<Parsed[]> {
  const out: Parsed[] = [];
  for (const entry of entries) {
    let docs: ReturnType<typeof parseEisFile>;
    try {
      docs = await parseOffThread('eis', entry.data, entry.name);
    } catch (err) {
      if (err instanceof ParseError) throw new ParseError(`файл «${entry.name}»: ${err.message}`);
      throw err;
    }
    if (docs.length === 0) throw new RunFailure(`файл «${entry.name}»: в файле нет плана закупки`);
    for (const d of docs) {
      if (d.kind !== 'plan') {
        throw new RunFailure(
          `файл «${entry.name}» — не план закупки (purchasePlan); сведения о договорах загрузите в реестре договоров`,
        );
      }
      const path = `body/item[${d.itemIndex}]/purchasePlanData`;
      if (!d.registrationNumber)
        throw new ParseError(
          `файл «${entry.name}»: ${path}/registrationNumber: нет регистрационного номера плана`,
        );
      if (d.version === null)
        throw new ParseError(`файл «${entry.name}»: ${path}/version: нет номера версии плана`);
      if (!d.startDate)
        throw new ParseError(`файл «${entry.name}»: ${path}/startDate: нет даты начала периода плана`);
      const inn = d.customer?.inn ?? null;
      if (!inn) throw new ParseError(`файл «${entry.name}»: ${path}/customer: нет ИНН заказчика`);
      if (!inns.has(inn)) {
        throw new RunFailure(
          `файл «${entry.name}»: план закупки заказчика с ИНН ${inn} (${d.customer?.shortName ?? d.customer?.fullName ?? 'без наименования'}), а не компании (ИНН ${companyInn}) или её заказчиков. Добавьте заказчика в карточку компании или загрузите план компании`,
        );
      }
      d.items.forEach((item, i) => {
        if (!item.guid)
          throw new ParseError(`файл «${entry.name}»: ${path}/позиция ${i + 1}/guid: нет guid позиции`);
        if (item.ordinalNumber === null)
          throw new ParseError(
            `файл «${entry.name}»: ${path}/позиция ${i + 1}/ordinalNumber: нет порядкового номера позиции`,
          );
      });
      out.push({ entry, plan: d });
    }
  }
  // versions of one plan in one upload: the older first
  return out.sort((a, b) => (a.plan.version ?? 0) - (b.plan.version ?? 0));
}

/** A version of at least this many positions refreshes the planner's statistics of the positions. */
const ANALYZE_AFTER_POSITIONS = 1000;

const longTermJson = (v: EisPlanLongTermVolume | null): EisLongTermJson | null =>
  v && {
    volume: v.volume,
    volume_rub: v.volumeRub,
    currency: v.currency,
    details: v.details.map((d) => ({ year: d.year, sum: d.sum, sum_rub: d.sumRub })),
  };

function changeFlags(i: EisPlanItem): Record<string, boolean> | null {
  const flags: Record<string, boolean> = {};
  if (i.changedGoodsAndDates !== null) flags.changedGWSAndDates = i.changedGoodsAndDates;
  if (i.changedPriceOver10Percent !== null) flags.changedNMSKMoreTenPercent = i.changedPriceOver10Percent;
  if (i.otherChanges !== null) flags.otherChanges = i.otherChanges;
  if (i.isPurchasePlaced !== null) flags.isPurchasePlaced = i.isPurchasePlaced;
  return Object.keys(flags).length ? flags : null;
}

function positionRow(
  i: EisPlanItem,
  sort: number,
): Omit<PositionVersionInsert, 'versionId' | 'positionId' | 'companyId'> {
  return {
    sort,
    ordinalNumber: i.ordinalNumber ?? 0,
    status: i.status,
    cancellationReason: i.cancellationReason,
    subject: i.contractSubject ?? '',
    price: i.maximumContractPrice,
    currency: i.currency,
    priceRub: i.maximumContractPriceRub,
    methodCode: i.purchaseMethodCode,
    methodName: i.purchaseMethodName,
    year: i.purchasePeriodYear,
    quarter: i.purchasePeriodQuarter,
    month: i.purchasePeriodMonth,
    plannedDate: i.purchasePlannedDate,
    contractEndDate: i.contractEndDate,
    electronic: i.isElectronic,
    smeOnly: i.isSmeOnly,
    innovation: i.isInnovation,
    longTerm: i.isLongTerm,
    longTermVolumes: longTermJson(i.longTermVolumes),
    longTermSmeVolumes: longTermJson(i.longTermSmeVolumes),
    innovationEquivalent: i.innovationEquivalent,
    plannedAfterSecondYear: i.plannedAfterSecondYear,
    excludedFromSme: i.isExcludedFromSme,
    purchaseCategory: i.purchaseCategory,
    customerInn: i.customer?.inn ?? null,
    customerKpp: i.customer?.kpp ?? null,
    customerName: i.customer?.shortName ?? i.customer?.fullName ?? null,
    region: i.region,
    okato: i.okato,
    modificationDescription: i.modificationDescription,
    additionalInfo: i.additionalInfo,
    changeFlags: changeFlags(i),
    initialPositionGuid: i.initialPositionGuid,
    initialPlanGuid: i.initialPlanGuid,
    rows: i.rows.map((r) => ({
      ordinal_number: r.ordinalNumber,
      okpd2_code: r.okpd2Code,
      okpd2_name: r.okpd2Name,
      okved2_code: r.okved2Code,
      okved2_name: r.okved2Name,
      okei_code: r.okeiCode,
      okei_name: r.okeiName,
      qty: r.qty,
      qty_undefined: r.qtyUndefined,
      okato: r.okato,
      region: r.region,
      additional_info: r.additionalInfo,
    })),
    okpd2Codes: ` ${[...new Set(i.rows.map((r) => r.okpd2Code).filter(Boolean))].join(' ')} `,
  };
}

type Item = EisPlanImportResult['plans'][number];

/** Writes one plan version (all of it, or nothing: the caller's transaction); the demo seed writes through it too. */
export async function writePlanVersion(
  tx: Tx,
  ctx: { companyId: number; importId: number | null; sha256: string },
  { entry, plan }: Parsed,
): Promise<Item> {
  const reg = plan.registrationNumber as string;
  const version = plan.version as number;
  const year = Number((plan.startDate as string).slice(0, 4));
  let stored = await findPlanByNumber(tx, ctx.companyId, reg);
  if (stored && (await findVersion(tx, stored.id, version))) {
    return {
      plan_id: stored.id,
      registration_number: reg,
      version,
      positions: plan.items.length,
      unchanged: true,
      added: 0,
      changed: 0,
      annulled: 0,
    };
  }
  if (!stored) {
    stored = await insertPlan(tx, {
      companyId: ctx.companyId,
      registrationNumber: reg,
      planType: plan.planType ?? 'COMMODITY',
      year,
      initialPlanGuid: version === 1 ? plan.guid : null,
      customerInn: plan.customer?.inn ?? null,
      customerKpp: plan.customer?.kpp ?? null,
      customerName: plan.customer?.shortName ?? plan.customer?.fullName ?? null,
      currentVersion: version,
    });
  } else if (version > stored.currentVersion) {
    await setCurrentVersion(tx, stored.id, version);
  }
  const live = plan.items.filter((i) => i.status !== 'A');
  const versionRow = await insertVersion(tx, {
    planId: stored.id,
    companyId: ctx.companyId,
    version,
    guid: plan.guid,
    status: plan.status,
    name: plan.name,
    startDate: plan.startDate,
    endDate: plan.endDate,
    approveDate: plan.approveDate,
    publishedAt: plan.publicationDate ? new Date(plan.publicationDate) : null,
    createdInEisAt: plan.createDateTime ? new Date(plan.createDateTime) : null,
    modificationDescription: plan.modificationDescription,
    additionalInfo: plan.additionalInfo,
    flags: plan.flags,
    annualVolume: plan.annualVolume,
    volumeSme: plan.volumeSmb,
    percentSme: plan.percentSmb,
    excludeVolume: plan.excludeVolume,
    url: plan.url,
    schemaVersion: plan.schemaVersion,
    positions: plan.items.length,
    totalPrice: sumMoney(live.map((i) => i.maximumContractPrice)),
    fileName: entry.name,
    fileSha256: ctx.sha256,
    importId: ctx.importId,
  });

  // positions: the guid is the key; a new guid gets its number once, for good
  const known = await planPositionKeys(tx, stored.id, ctx.companyId);
  const numbers = new Set(known.numbers);
  const fresh: { guid: string; number: string; ordinalNumber: number; firstVersion: number }[] = [];
  for (const i of plan.items) {
    const guid = i.guid as string;
    if (known.ids.has(guid)) continue;
    const carried = i.initialPositionGuid || i.initialPlanGuid ? { year: i.purchasePeriodYear } : null;
    const number = positionNumber(reg, i.ordinalNumber as number, carried, (n) => numbers.has(n), guid);
    numbers.add(number);
    fresh.push({ guid, number, ordinalNumber: i.ordinalNumber as number, firstVersion: version });
  }
  const inserted = await insertPositions(tx, stored.id, ctx.companyId, fresh);
  for (const [guid, id] of inserted) known.ids.set(guid, id);

  await insertPositionVersions(
    tx,
    plan.items.map((i, n) => ({
      ...positionRow(i, n + 1),
      versionId: versionRow.id,
      positionId: known.ids.get(i.guid as string) as number,
      companyId: ctx.companyId,
    })),
  );

  await storeVersionTotals(tx, versionRow.id, await positionTotals(tx, ctx.companyId, versionRow.id, {}));
  if (plan.items.length >= ANALYZE_AFTER_POSITIONS) await analyzePlanPositions(tx);
  const prev = await previousVersion(tx, stored.id, version);
  const diff = prev
    ? diffPositions(
        (await versionPositionRows(tx, prev.id)).map(stateOf),
        (await versionPositionRows(tx, versionRow.id)).map(stateOf),
      )
    : null;
  return {
    plan_id: stored.id,
    registration_number: reg,
    version,
    positions: plan.items.length,
    unchanged: false,
    added: diff ? diff.added.length : plan.items.length,
    changed: diff ? diff.changed.length : 0,
    annulled: diff ? diff.annulled.length : plan.items.filter(isAnnulled).length,
  };
}

/** The EIS plan import: the `eis-plans` kind of the import runner (modules/imports). */
export const eisPlanImportSpec: ImportSpec<EisPlanImportResult> = {
  kind: 'eis-plans',
  failureMessage: (reason) => `Не удалось загрузить план закупки из ЕИС: ${reason}`,
  // each file is imported on its own (modules/imports): the run reports every plan version, the
  // last one as «the» plan of the push
  merge: (results) => ({
    ...results[results.length - 1],
    plans: results.flatMap((r) => r.plans),
    positions: results.reduce((n, r) => n + r.positions, 0),
    violations: results.flatMap((r) => r.violations),
    warnings: results.flatMap((r) => r.warnings),
  }),
  async prepare(ctx, upload) {
    const { inn, refs } = await companyCustomers(ctx.deps.db, ctx.run.companyId);
    const inns = new Set(refs.map((r) => r.inn));
    const parsed = await parseAll(upload.entries, inns, inn);
    await ctx.progress(50);
    return async (tx) => {
      const plans: Item[] = [];
      for (const p of parsed) {
        plans.push(
          await writePlanVersion(
            tx,
            { companyId: ctx.run.companyId, importId: ctx.run.id, sha256: p.entry.sha256 },
            p,
          ),
        );
      }
      const violations: EisPlanViolation[] = [];
      for (const id of new Set(plans.filter((p) => !p.unchanged).map((p) => p.plan_id))) {
        violations.push(...(await storeAndListPlanViolations(tx, ctx.run.companyId, id)));
      }
      const warnings = [...upload.warnings];
      for (const p of parsed)
        for (const w of p.plan.warnings) warnings.push(`${p.entry.name}: ${w.path}: ${w.message}`);
      await audit(tx, ctx.actor, {
        action: 'import',
        entity: 'eis_plan_import',
        entityId: ctx.run.id,
        companyId: ctx.run.companyId,
        after: { file: ctx.run.uploadFileName, plans },
      });
      const last = plans[plans.length - 1] ?? null;
      return {
        plans,
        plan_id: last?.plan_id ?? null,
        registration_number: last?.registration_number ?? null,
        version: last?.version ?? null,
        positions: plans.reduce((s, p) => s + p.positions, 0),
        violations,
        warnings,
      };
    };
  },
  notice(ctx, outcome) {
    const header = 'Импорт плана закупки из ЕИС';
    const upload = ctx.run.uploadFileName;
    if ('error' in outcome) {
      return {
        kind: 'eisPlanResponse',
        status: 'error',
        header,
        message: outcome.error,
        payload: {
          upload_file_name: upload,
          plan_id: null,
          registration_number: null,
          version: null,
          positions: 0,
          error: outcome.error,
          violations: [],
        },
      };
    }
    const r = outcome.result;
    const parts = r.plans.map((p) =>
      p.unchanged
        ? `план ${p.registration_number}, версия ${p.version} уже загружен — без изменений`
        : `план ${p.registration_number}, версия ${p.version}: позиций ${p.positions}, новых ${p.added}, изменено ${p.changed}, аннулировано ${p.annulled}`,
    );
    if (r.violations.length) parts.push(`нарушений: ${r.violations.length}`);
    return {
      kind: 'eisPlanResponse',
      status: 'success',
      header,
      message: parts.join('; '),
      payload: {
        upload_file_name: upload,
        plan_id: r.plan_id,
        registration_number: r.registration_number,
        version: r.version,
        positions: r.positions,
        error: null,
        violations: r.violations.map((v) => v.message),
      },
    };
  },
};
