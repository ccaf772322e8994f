import type { EisProcurementImportItem, EisProcurementImportResult } from '@zakupki/shared';
import type { Tx } from '../../../db/client.js';
import type { EisDocument } from '../../../kernel/eis/eis.types.js';
import type { EisNotice, EisProtocol } from '../../../kernel/eis/eis223-procurement.types.js';
import { RunFailure } from '../../../kernel/runs.js';
import { ParseError } from '../../../lib/parse-error.js';
import { audit } from '../../audit/audit.service.js';
import {
  customerOf,
  type EisProcurementContext,
  writeEisNotice,
  writeEisProtocol,
} from '../../procurements/eis-procurement.writer.js';
import { refreshProcurementDuties } from '../../procurements/procurements-query.service.js';
import type { ImportSpec } from '../import-runner.js';
import { sum } from '../import-units.js';
import { parseOffThread } from '../imports.parsers.js';
import { companyCustomers } from './eis.repository.js';

/**
 * The EIS procurement import: the `eis-procurements` kind of the import runner. Each file (an
 * upload, or an XML inside an uploaded ZIP) holds notices (`purchaseNotice*`) or protocols
 * (`purchaseProtocol*`) of the company or its заказчики, every TFF form, matched by local name;
 * it is written whole or refused whole (modules/procurements/eis-procurement.writer.ts). Notices
 * are written before protocols, older versions first, so a notice and its protocols may come in
 * one upload. See docs/procurement-import.md.
 */

const orgName = (o: { shortName: string | null; fullName: string | null } | null) =>
  o?.shortName ?? o?.fullName ?? 'без наименования';

/**
 * The notices and protocols of a file the company may import: a file that is not one is refused;
 * documents of other customers (a daily regional export holds many) are skipped with a warning,
 * and a file with none of the company's is refused naming the ИНН.
 */
function check(
  name: string,
  docs: EisDocument[],
  refs: EisProcurementContext['refs'],
  companyInn: string,
): { docs: (EisNotice | EisProtocol)[]; warnings: string[] } {
  if (docs.length === 0) throw new RunFailure(`файл «${name}»: в файле нет извещений и протоколов закупок`);
  const out: (EisNotice | EisProtocol)[] = [];
  const foreign = new Map<string, string>();
  for (const d of docs) {
    if (d.kind === 'plan') {
      throw new RunFailure(
        `файл «${name}» — план закупки (purchasePlan), а не извещение или протокол; загрузите его в разделе «Планы закупок»`,
      );
    }
    if (d.kind !== 'notice' && d.kind !== 'protocol') {
      throw new RunFailure(
        `файл «${name}» — сведения о договоре или его исполнении, а не извещение или протокол закупки; загрузите его в реестре договоров`,
      );
    }
    const inn = d.customer?.inn ?? null;
    if (inn && !customerOf(refs, inn, d.customer?.kpp ?? null)) {
      foreign.set(inn, orgName(d.customer));
      continue;
    }
    out.push(d);
  }
  const named = [...foreign].map(([inn, org]) => `ИНН ${inn} (${org})`).join(', ');
  if (out.length === 0) {
    const what = docs.length === 1 ? (docs[0].kind === 'notice' ? 'извещение' : 'протокол') : 'документы';
    const number = docs.length === 1 ? ` № ${(docs[0] as EisNotice | EisProtocol).registrationNumber}` : '';
    throw new RunFailure(
      `файл «${name}»: ${what}${number} заказчика с ${named}, а не компании (ИНН ${companyInn}) или её заказчиков. Добавьте заказчика в карточку компании или загрузите файлы компании`,
    );
  }
  const warnings = foreign.size
    ? [`«${name}»: пропущены документы других заказчиков (${named}): ${docs.length - out.length}`]
    : [];
  // notices first, then protocols; older versions first
  out.sort((a, b) => Number(a.kind === 'protocol') - Number(b.kind === 'protocol') || a.version - b.version);
  return { docs: out, warnings };
}

export const eisProcurementImportSpec: ImportSpec<EisProcurementImportResult> = {
  kind: 'eis-procurements',
  failureMessage: (reason) => `Не удалось загрузить извещения и протоколы закупок из ЕИС: ${reason}`,
  async prepare(ctx, upload) {
    const { inn, refs } = await companyCustomers(ctx.deps.db, ctx.run.companyId);
    const files: { name: string; docs: (EisNotice | EisProtocol)[] }[] = [];
    const skipped: string[] = [];
    for (const entry of upload.entries) {
      let docs: EisDocument[];
      try {
        docs = await parseOffThread('eis', entry.data, entry.name);
      } catch (err) {
        if (err instanceof ParseError) throw new ParseError(`файл «${entry.name}»: ${err.message}`);
        throw err;
      }
      const taken = check(entry.name, docs, refs, inn);
      files.push({ name: entry.name, docs: taken.docs });
      skipped.push(...taken.warnings);
    }
    const write = async (tx: Tx): Promise<EisProcurementImportResult> => {
      const items: EisProcurementImportItem[] = [];
      for (const f of files) {
        const wctx: EisProcurementContext = {
          companyId: ctx.run.companyId,
          importId: ctx.run.id,
          actor: ctx.actor,
          fileName: f.name,
          refs,
        };
        for (const d of f.docs) {
          try {
            items.push(
              d.kind === 'notice' ? await writeEisNotice(tx, wctx, d) : await writeEisProtocol(tx, wctx, d),
            );
          } catch (err) {
            // the file's name leads every refusal of the run
            if (err instanceof ParseError) throw new ParseError(`файл «${f.name}»: ${err.message}`);
            if (err instanceof RunFailure) throw new RunFailure(`файл «${f.name}»: ${err.message}`);
            throw err;
          }
        }
      }
      // the register's nearest duty (notice, protocols, contract window) follows the imported dates
      await refreshProcurementDuties(
        tx,
        items.filter((i) => i.outcome !== 'unchanged').map((i) => i.procurement_id),
      );
      await audit(tx, ctx.actor, {
        action: 'import',
        entity: 'eis_procurement_import',
        entityId: ctx.run.id,
        companyId: ctx.run.companyId,
        after: {
          file: ctx.run.uploadFileName,
          items: items.map((i) => ({
            registration_number: i.registration_number,
            version: i.version,
            outcome: i.outcome,
            procurement_id: i.procurement_id,
          })),
        },
      });
      return summarise(items, [...upload.warnings, ...skipped]);
    };
    // notices before protocols, older versions first: a protocol finds the notice of the same upload
    const docs = files.flatMap((f) => f.docs);
    const first = docs[0];
    const rank = first
      ? (first.kind === 'protocol' ? 1_000_000 : 0) + first.version
      : Number.MAX_SAFE_INTEGER;
    return Object.assign(write, { rank });
  },
  merge(results) {
    const ids = [...new Set(results.flatMap((r) => r.procurement_ids))];
    return {
      items: results.flatMap((r) => r.items),
      notices: sum(results, (r) => r.notices),
      protocols: sum(results, (r) => r.protocols),
      created: sum(results, (r) => r.created),
      updated: sum(results, (r) => r.updated),
      unchanged: sum(results, (r) => r.unchanged),
      procurement_ids: ids,
      procurement_id: ids.length === 1 ? ids[0] : null,
      warnings: results.flatMap((r) => r.warnings),
    };
  },
  notice(ctx, outcome) {
    const header = 'Импорт извещений и протоколов из ЕИС';
    const upload = ctx.run.uploadFileName;
    if ('error' in outcome) {
      return {
        kind: 'eisProcurementsResponse',
        status: 'error',
        header,
        message: outcome.error,
        payload: {
          upload_file_name: upload,
          procurement_id: null,
          procurement_ids: [],
          error: outcome.error,
        },
      };
    }
    const r = outcome.result;
    const parts = [`Извещений: ${r.notices}`, `протоколов: ${r.protocols}`, `новых: ${r.created}`];
    parts.push(`обновлено: ${r.updated}`, `без изменений: ${r.unchanged}`);
    const warned = r.items.filter((i) => i.outcome !== 'unchanged' && i.warnings.length).length;
    if (warned) parts.push(`с замечаниями: ${warned}`);
    return {
      kind: 'eisProcurementsResponse',
      status: 'success',
      header,
      message: parts.join(', '),
      payload: {
        upload_file_name: upload,
        procurement_id: r.procurement_id,
        procurement_ids: r.procurement_ids,
        error: null,
      },
    };
  },
};

/** The result of some documents: counts, the procurements touched, every warning named by its document. */
function summarise(items: EisProcurementImportItem[], extra: string[]): EisProcurementImportResult {
  const ids = [...new Set(items.map((i) => i.procurement_id))];
  const named = items.flatMap((i) =>
    i.outcome === 'unchanged'
      ? []
      : i.warnings.map(
          (w) =>
            `«${i.file_name}», ${i.document === 'notice' ? 'извещение' : 'протокол'} № ${i.registration_number}: ${w}`,
        ),
  );
  return {
    items,
    notices: items.filter((i) => i.document === 'notice').length,
    protocols: items.filter((i) => i.document === 'protocol').length,
    created: sum(items, (i) => Number(i.outcome === 'created')),
    updated: sum(items, (i) => Number(i.outcome === 'updated')),
    unchanged: sum(items, (i) => Number(i.outcome === 'unchanged')),
    procurement_ids: ids,
    procurement_id: ids.length === 1 ? ids[0] : null,
    warnings: [...extra, ...named],
  };
}
