import { type CatalogImportError, type CatalogImportResult, TariffInput } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { allTariffRows, insertTariff, type TariffRow } from '../tariffs/tariffs.repository.js';
import { importRefused, issueMessages, rowError, rowInput, type SheetRow } from './catalogs.xlsx.js';
import {
  changeLimits,
  TARIFFS,
  type TariffValues,
  tariffColumns,
  tariffOf,
} from './tariffs-catalog.service.js';

const same = (r: TariffRow, v: TariffValues) =>
  r.name === v.name &&
  (r.description ?? null) === v.description &&
  r.maxUsers === v.max_users &&
  r.maxCompanies === v.max_companies &&
  r.maxContractsPerYear === v.max_contracts_per_year &&
  Number(r.pricePerMonth) === Number(v.price_per_month);

type Plan = { v: TariffValues; existing: TariffRow | null; row: number }[];

/** Checks every row against the form's rules and the tariffs there are; all errors by row. */
function planTariffs(sheet: SheetRow[], existing: TariffRow[]): { plan: Plan; unchanged: number } {
  const errors: CatalogImportError[] = [];
  const plan: Plan = [];
  const seen = new Map<string, number>();
  let unchanged = 0;
  for (const r of sheet) {
    const { input, errors: cellErrors } = rowInput(TARIFFS, r.cells);
    const parsed = cellErrors.length ? null : TariffInput.safeParse(input);
    if (!parsed?.success) {
      const messages = parsed ? issueMessages(TARIFFS, parsed.error.issues) : cellErrors;
      for (const m of messages) errors.push(rowError(r.row, m));
      continue;
    }
    const v = parsed.data;
    for (const key of [`code:${v.code}`, `name:${v.name.toLowerCase()}`]) {
      const first = seen.get(key);
      if (first)
        errors.push(
          rowError(
            r.row,
            `${key.startsWith('code') ? 'код' : 'наименование'} уже встречается в строке ${first}`,
          ),
        );
      seen.set(key, r.row);
    }
    const found = existing.find((t) => t.code === v.code) ?? null;
    const nameTaken = existing.find(
      (t) => t.name.toLowerCase() === v.name.toLowerCase() && t.code !== v.code,
    );
    if (nameTaken)
      errors.push(rowError(r.row, `наименование «${v.name}» занято тарифом с кодом «${nameTaken.code}»`));
    if (found && same(found, v)) unchanged++;
    else plan.push({ v, existing: found, row: r.row });
  }
  if (errors.length) throw importRefused(errors);
  return { plan, unchanged };
}

/**
 * The tariffs of an XLSX import (the job of catalog-import.service.ts), upserted by code inside
 * the caller's transaction: every row is checked first, then all are written or none.
 */
export async function writeTariffs(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  sheet: SheetRow[],
  progress: (share: number) => void = () => {},
): Promise<CatalogImportResult> {
  const { plan, unchanged } = planTariffs(sheet, await allTariffRows(tx));
  let created = 0;
  let updated = 0;
  for (const [i, p] of plan.entries()) {
    if (p.existing) {
      const before = await tariffOf(tx, p.existing.id);
      try {
        await changeLimits(deps, tx, p.existing.id, p.v);
      } catch (err) {
        // the row that lowers a limit a company already exceeds is named
        if (err instanceof AppError && err.code === 'tariff_limit')
          throw importRefused([rowError(p.row, err.message)]);
        throw err;
      }
      const after = await tariffOf(tx, p.existing.id);
      await audit(tx, actor, { action: 'update', entity: 'tariff', entityId: p.existing.id, before, after });
      updated++;
    } else {
      const row = await insertTariff(tx, tariffColumns(p.v));
      await audit(tx, actor, {
        action: 'create',
        entity: 'tariff',
        entityId: row.id,
        after: await tariffOf(tx, row.id),
      });
      created++;
    }
    progress((i + 1) / plan.length);
  }
  await audit(tx, actor, {
    action: 'import',
    entity: 'catalog',
    entityId: TARIFFS.key,
    after: { total: sheet.length, created, updated, unchanged },
  });
  return { total: sheet.length, created, updated, unchanged };
}
