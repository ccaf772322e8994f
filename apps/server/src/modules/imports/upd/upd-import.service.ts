import type { UpdImportDocument, UpdImportResult } from '@zakupki/shared';
import type { Tx } from '../../../db/client.js';
import { ParseError } from '../../../lib/parse-error.js';
import { audit } from '../../audit/audit.service.js';
import type { ImportSpec } from '../import-runner.js';
import { sum } from '../import-units.js';
import { parseOffThread } from '../imports.parsers.js';
import {
  contractCandidates,
  documentsByKeys,
  insertUpdDocument,
  insertUpdLines,
  otherIssues,
  proposeMappings,
  supersedeDocuments,
  type UpdDocumentRow,
} from './upd.repository.js';
import type { UpdDocument } from './upd.types.js';
import { type Parsed, runBuyerInns, summary, updFiles, writeUpdChunk } from './upd-chunk.service.js';
import { resolveUpdContract, UPD_FAILURE, type UpdContractCandidate } from './upd-contract-match.js';
import { correctionRank, documentValues, lineValues, naturalKey } from './upd-records.js';

/** The contract of the invoice an УКД corrects, when that invoice was imported. */
async function correctedContract(tx: Tx, companyId: number, doc: UpdDocument): Promise<number | null> {
  if (doc.kind !== 'ukd') return null;
  for (const inv of doc.invoices) {
    const issues = await otherIssues(tx, companyId, {
      sellerInn: doc.seller.inn,
      kind: 'upd',
      number: inv.number,
      date: inv.date,
    });
    const withContract = issues.find((i) => i.contractId !== null);
    if (withContract) return withContract.contractId;
  }
  return null;
}

/** Stores one new document with its lines and proposed mapping; links it to its other issues. */
async function storeDocument(
  tx: Tx,
  ctx: { companyId: number; importId: number },
  p: Parsed,
  candidates: UpdContractCandidate[],
  buyerInns: Set<string>,
): Promise<UpdDocumentRow> {
  const resolution = resolveUpdContract(
    p.doc,
    candidates,
    buyerInns,
    await correctedContract(tx, ctx.companyId, p.doc),
  );
  const others = await otherIssues(tx, ctx.companyId, {
    sellerInn: p.doc.seller.inn,
    kind: p.doc.kind,
    number: p.doc.number,
    date: p.doc.date,
  });
  const rank = correctionRank(p.doc.correction?.number);
  const later = others.some((o) => correctionRank(o.correctionNumber) > rank);
  const previous = others
    .filter((o) => correctionRank(o.correctionNumber) < rank)
    .sort((a, b) => correctionRank(b.correctionNumber) - correctionRank(a.correctionNumber))[0];
  const status = later ? 'superseded' : resolution.error ? 'no_contract' : 'proposed';
  const row = await insertUpdDocument(tx, {
    ...documentValues(p.doc, p.fileName, p.sha256),
    companyId: ctx.companyId,
    importId: ctx.importId,
    contractId: resolution.contractId,
    contractReason: resolution.reason,
    error: resolution.error,
    status,
    supersedesId: previous?.id ?? null,
  });
  const replaced = others
    .filter(
      (o) =>
        correctionRank(o.correctionNumber) < rank && o.status !== 'confirmed' && o.status !== 'superseded',
    )
    .map((o) => o.id);
  if (!later) {
    // an earlier issue not yet counted is simply replaced; a counted one waits for this one's confirmation
    await supersedeDocuments(tx, replaced);
  }
  const lines = await insertUpdLines(
    tx,
    lineValues(p.doc).map((l) => ({ ...l, documentId: row.id })),
  );
  // an advance invoice delivers nothing: its lines are never mapped to the specification
  if (resolution.contractId !== null && !row.advance) {
    await proposeMappings(
      tx,
      row.id,
      resolution.contractId,
      previous?.status === 'confirmed' ? previous.id : null,
      lines,
    );
  }
  return row;
}

export const updImportSpec: ImportSpec<UpdImportResult> = {
  kind: 'upd',
  failureMessage: (reason) => (reason.startsWith(UPD_FAILURE) ? reason : `${UPD_FAILURE}: ${reason}`),
  async prepare(ctx, upload) {
    const parsed: Parsed[] = [];
    for (const entry of upload.entries) {
      try {
        parsed.push({
          doc: await parseOffThread('upd', entry.data, entry.name),
          fileName: entry.name,
          sha256: entry.sha256,
        });
      } catch (err) {
        if (err instanceof ParseError) throw new ParseError(`файл «${entry.name}»: ${err.message}`);
        throw err;
      }
    }
    // first issues before their corrections, invoices before the УКД that correct them
    parsed.sort(
      (a, b) =>
        (a.doc.kind === 'ukd' ? 1 : 0) - (b.doc.kind === 'ukd' ? 1 : 0) ||
        correctionRank(a.doc.correction?.number) - correctionRank(b.doc.correction?.number),
    );
    const companyId = ctx.run.companyId;
    const write = async (tx: Tx): Promise<UpdImportResult> => {
      const buyerInns = await runBuyerInns(ctx, tx);
      const candidates = await contractCandidates(tx, companyId, [
        ...new Set(parsed.map((p) => p.doc.seller.inn)),
      ]);
      const keys = parsed.map((p) => naturalKey(p.doc));
      const stored = await documentsByKeys(tx, companyId, keys);
      const byKey = new Map(stored.map((r) => [r.naturalKey, r]));
      const documents: UpdImportDocument[] = [];
      let created = 0;
      let duplicates = 0;
      for (const p of parsed) {
        const key = naturalKey(p.doc);
        const existing = byKey.get(key);
        if (existing) {
          duplicates++;
          documents.push(summary(p, existing, true));
          continue;
        }
        const row = await storeDocument(tx, { companyId, importId: ctx.run.id }, p, candidates, buyerInns);
        byKey.set(key, row);
        created++;
        documents.push(summary(p, row, false));
      }
      await audit(tx, ctx.actor, {
        action: 'import',
        entity: 'upd_import',
        entityId: ctx.run.id,
        companyId,
        after: { file: ctx.run.uploadFileName, created, duplicates },
      });
      return {
        documents,
        created,
        duplicates,
        without_contract: documents.filter((d) => !d.duplicate && d.status === 'no_contract').length,
        warnings: [
          ...upload.warnings,
          ...parsed.flatMap((p) => p.doc.warnings.map((w) => `${p.fileName}: ${w}`)),
        ],
      };
    };
    // files of a batch are written one by one: invoices before the УКД that correct them, first
    // issues before their corrections
    const first = parsed[0];
    const writer = Object.assign(write, {
      rank: first ? (first.doc.kind === 'ukd' ? 1000 : 0) + correctionRank(first.doc.correction?.number) : 0,
    });
    updFiles.set(writer, { parsed, warnings: upload.warnings });
    return writer;
  },
  // a chunk of files in a statement per step; file by file (`write` above) when it fails
  writeChunk: writeUpdChunk,
  merge: (results) => ({
    documents: results.flatMap((r) => r.documents),
    created: sum(results, (r) => r.created),
    duplicates: sum(results, (r) => r.duplicates),
    without_contract: sum(results, (r) => r.without_contract),
    warnings: results.flatMap((r) => r.warnings),
  }),
  notice(ctx, outcome) {
    const header = 'Загрузка УПД';
    const base = { kind: 'notificationMapInvoiceItemsResponse', header } as const;
    if ('error' in outcome) {
      return {
        ...base,
        status: 'error',
        message: outcome.error,
        payload: { upload_file_name: ctx.run.uploadFileName, error: outcome.error },
      };
    }
    const r = outcome.result;
    const errors = r.documents.filter((d) => !d.duplicate && d.error).map((d) => d.error as string);
    const advances = r.documents.filter((d) => !d.duplicate && d.advance).length;
    const message =
      r.created === 0 && r.duplicates > 0
        ? `Все документы уже были загружены ранее (${r.duplicates})`
        : [
            `Загружено документов: ${r.created}`,
            r.duplicates ? `уже были загружены: ${r.duplicates}` : null,
            advances ? `счетов-фактур на аванс: ${advances} (поставкой не учитываются)` : null,
            errors.length
              ? `без договора: ${errors.length}. ${errors.join('; ')}`
              : 'проверьте и подтвердите сопоставление строк',
          ]
            .filter(Boolean)
            .join(', ');
    return {
      ...base,
      // stored without a contract: the user picks it later, a warning rather than a failure
      status: errors.length ? 'warning' : 'success',
      message,
      payload: { upload_file_name: ctx.run.uploadFileName, error: errors.length ? errors.join('; ') : null },
    };
  },
};
