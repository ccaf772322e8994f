import { formatRub, NMCK_METHOD_TITLES } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { DEFAULT_NMCK_VERSION_SETTINGS } from '../law/law-nmck-methods.js';
import type { GeneratedDocumentBuild } from '../procurement-documents/generated-documents.js';
import { findProcurement, procurementOwner } from '../procurements/procurements.repository.js';
import { loadProcurement } from '../procurements/procurements-query.service.js';
import { justificationDocx, sourceLine } from './nmck.docx.js';
import * as repo from './nmck.repository.js';
import { computeValues, type NmckValues } from './nmck.service.js';

/**
 * The «Обоснование НМЦД» as a document of the procurement's documentation (docs/nmck.md): a
 * documents rule of kind `nmcd_justification` is built by this module (declared as
 * `generatedDocuments` of the nmck module, read by procurement-documents through
 * `deps.declared`). The values kept with each output are every figure of the table, so a
 * changed price, quantity or source makes the generated document outdated.
 */

export const NMCK_DOCUMENT_KIND = 'nmcd_justification';
/** The document kind of a version's request letter template (filled by the nmck module itself). */
export const NMCK_REQUEST_KIND = 'price_request';

const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The values the table is built from, as the documentation keeps values (strings and tables). */
export function documentationValues(v: NmckValues): GeneratedDocumentBuild['values'] {
  const st = v.settings;
  return {
    'nmck.method': NMCK_METHOD_TITLES[v.method],
    'nmck.settings': `${st.vat_basis === 'with_vat' ? 'с НДС' : 'без НДС'}; ${st.unit_price === 'mean' ? 'средняя' : 'минимальная'}; не менее ${st.min_prices} цен; вариация до ${st.max_variation} %; старше ${st.max_age_months} мес.`,
    'nmck.nmcd': s(v.result_nmcd),
    'nmck.lots': v.lots.map((l) => ({ number: s(l.number), nmcd: s(l.nmcd), result_nmcd: s(l.result_nmcd) })),
    'nmck.items': v.items.map((it) => ({
      lot: s(it.lot_number),
      line: s(it.line_no),
      name: it.name,
      quantity: it.quantity,
      unit_price: s(it.unit_price),
      count: s(it.stats.count),
      mean: s(it.stats.mean),
      deviation: s(it.stats.deviation),
      variation: s(it.stats.variation),
      result_unit_price: s(it.result_unit_price),
      result_amount: s(it.result_amount),
      refusal: s(it.refusal),
    })),
    'nmck.sources': v.items.flatMap((it) =>
      it.sources.map((src) => ({
        lot: s(it.lot_number),
        line: s(it.line_no),
        source: sourceLine(src),
        date: src.source_date,
        old: src.old ? 'да' : 'нет',
        price: formatRub(src.price),
        vat: `${src.vat_rate}, ${src.includes_vat ? 'включён' : 'не включён'}`,
        index: src.index ? `${src.index} (${src.index_source ?? ''})` : '',
        adjusted_price: s(src.adjusted_price),
      })),
    ),
  };
}

/**
 * The build of a procurement's «Обоснование НМЦД» from its current values (no access check);
 * null while the justification has no price source (the rule's own template stays in use).
 */
export async function nmckDocumentBuild(
  tx: Tx,
  procurementId: number,
): Promise<GeneratedDocumentBuild | null> {
  // one probe for a procurement without a justification (every documentation read asks)
  if (!(await repo.hasSources(tx, procurementId))) return null;
  const owner = await procurementOwner(tx, procurementId);
  const row = owner === null ? null : await findProcurement(tx, owner, procurementId);
  if (!row) return null;
  const procurement = await loadProcurement(tx, row);
  const settings = (await repo.versionSettings(tx, row.ruleVersionId)) ?? DEFAULT_NMCK_VERSION_SETTINGS;
  const j = await repo.justificationOf(tx, procurementId);
  const values = await computeValues(
    tx,
    { procurement, settings },
    j?.method ?? settings.methods[0] ?? 'market',
  );
  if (values.items.every((it) => it.sources.length === 0)) return null;
  return { values: documentationValues(values), missing: [], docx: () => justificationDocx(values) };
}
