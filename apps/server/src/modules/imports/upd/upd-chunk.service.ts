import type { UpdImportDocument, UpdImportResult } from '@zakupki/shared';
import type { Tx } from '../../../db/client.js';
import { auditAll } from '../../audit/audit.service.js';
import { companyCustomers } from '../eis/eis.repository.js';
import type { FileWriter, RunContext } from '../import-runner.js';
import {
  contractCandidates,
  documentsByKeys,
  type SpecItemRow,
  supersedeDocuments,
  type UpdDocumentRow,
} from './upd.repository.js';
import type { UpdDocument } from './upd.types.js';
import {
  allocateIds,
  confirmedMappingsOf,
  type IssueTuple,
  insertChunk,
  issueKey,
  issuesOf,
  specItemsOf,
} from './upd-chunk.repository.js';
import { resolveUpdContract, type UpdContractCandidate } from './upd-contract-match.js';
import { correctionRank, documentValues, lineValues, naturalKey, proposedMappings } from './upd-records.js';

export type Parsed = { doc: UpdDocument; fileName: string; sha256: string };

/** What a prepared УПД file carries for the set-wise writer: its parsed documents and warnings. */
export type UpdFile = { parsed: Parsed[]; warnings: string[] };
export const updFiles = new WeakMap<FileWriter<UpdImportResult>, UpdFile>();

export function summary(p: Parsed, row: UpdDocumentRow | null, duplicate: boolean): UpdImportDocument {
  const v = documentValues(p.doc, p.fileName, p.sha256);
  return {
    id: row?.id ?? null,
    file_name: p.fileName,
    kind: p.doc.kind,
    function: p.doc.function,
    number: p.doc.number,
    date: p.doc.date,
    correction_number: p.doc.correction?.number ?? null,
    seller_inn: p.doc.seller.inn,
    seller_name: p.doc.seller.name,
    buyer_inn: p.doc.buyer.inn,
    total_without_vat: v.totalWithoutVat,
    total_with_vat: v.totalWithVat,
    lines: p.doc.lines.length,
    advance: v.advance,
    contract_id: row?.contractId ?? null,
    status: row?.status ?? 'no_contract',
    duplicate,
    error: row?.error ?? null,
  };
}

/** The ИНН of the company and its customers, read by a run's first file (an УПД import writes none). */
const buyerInnsOfRun = new WeakMap<RunContext, Set<string>>();
export async function runBuyerInns(ctx: RunContext, tx: Tx): Promise<Set<string>> {
  let inns = buyerInnsOfRun.get(ctx);
  if (!inns) {
    const { refs } = await companyCustomers(tx, ctx.run.companyId);
    inns = new Set(refs.map((r) => r.inn));
    buyerInnsOfRun.set(ctx, inns);
  }
  return inns;
}

/** The specifications of the contracts a run's documents name, read once a run (an УПД import writes none). */
const specItemsOfRun = new WeakMap<RunContext, Map<number, SpecItemRow[]>>();

const issueOf = (doc: UpdDocument): IssueTuple => ({
  sellerInn: doc.seller.inn,
  kind: doc.kind,
  number: doc.number,
  date: doc.date,
});

/** The invoices an УКД corrects, as issues to look up. */
const correctedIssues = (doc: UpdDocument): IssueTuple[] =>
  doc.kind === 'ukd'
    ? doc.invoices.map((inv) => ({
        sellerInn: doc.seller.inn,
        kind: 'upd',
        number: inv.number,
        date: inv.date,
      }))
    : [];

/** The run's result of one file: its documents, counts and warnings. */
export function fileResult(file: UpdFile, documents: UpdImportDocument[]): UpdImportResult {
  const duplicates = documents.filter((d) => d.duplicate).length;
  return {
    documents,
    created: documents.length - duplicates,
    duplicates,
    without_contract: documents.filter((d) => !d.duplicate && d.status === 'no_contract').length,
    warnings: [
      ...file.warnings,
      ...file.parsed.flatMap((p) => p.doc.warnings.map((w) => `${p.fileName}: ${w}`)),
    ],
  };
}

type LineRow = ReturnType<typeof lineValues>[number] & { id: number; documentId: number };

type Pending = {
  row: UpdDocumentRow;
  lines: LineRow[];
  contractId: number;
  previousConfirmed: number | null;
};

/**
 * Writes a chunk of УПД files set-wise, with the outcome each would have written alone, in the
 * same order (`storeDocument` of upd-import.service.ts): the stored documents of the chunk's keys
 * and issues are read at once, the files are then decided in memory one after another (a file
 * sees the documents of the files before it: duplicates, earlier issues, the invoice an УКД
 * corrects), with ids taken from the sequences beforehand, and the documents, lines, proposed
 * mappings and audit entries are inserted in a statement each. The number of statements does not
 * grow with the files.
 */
export async function writeUpdChunk(
  ctx: RunContext,
  tx: Tx,
  writers: FileWriter<UpdImportResult>[],
): Promise<UpdImportResult[]> {
  const files = writers.map((w) => {
    const f = updFiles.get(w);
    if (!f) throw new Error('УПД chunk: a writer without its parsed file');
    return f;
  });
  const companyId = ctx.run.companyId;
  const all = files.flatMap((f) => f.parsed);
  const buyerInns = await runBuyerInns(ctx, tx);
  const candidates = await contractCandidates(tx, companyId, [...new Set(all.map((p) => p.doc.seller.inn))]);
  const bySeller = new Map<string, UpdContractCandidate[]>();
  for (const c of candidates) bySeller.set(c.supplierInn, [...(bySeller.get(c.supplierInn) ?? []), c]);
  const stored = await documentsByKeys(
    tx,
    companyId,
    all.map((p) => naturalKey(p.doc)),
  );
  const issues = await issuesOf(
    tx,
    companyId,
    all.flatMap((p) => [issueOf(p.doc), ...correctedIssues(p.doc)]),
  );
  // one object per stored row, whichever statement read it: its status changes as files supersede it
  const rows = new Map<number, UpdDocumentRow>();
  for (const r of [...stored, ...issues]) if (!rows.has(r.id)) rows.set(r.id, r);
  const byKey = new Map<string, UpdDocumentRow>();
  const byIssue = new Map<string, UpdDocumentRow[]>();
  const index = (r: UpdDocumentRow) => {
    byKey.set(r.naturalKey, r);
    const key = issueKey(r);
    byIssue.set(key, [...(byIssue.get(key) ?? []), r]);
  };
  for (const r of rows.values()) index(r);

  // the ids of the new documents and their lines, in one statement
  const seen = new Set(byKey.keys());
  let newDocuments = 0;
  let newLines = 0;
  for (const p of all) {
    const key = naturalKey(p.doc);
    if (seen.has(key)) continue;
    seen.add(key);
    newDocuments++;
    newLines += p.doc.lines.length;
  }
  const ids = newDocuments > 0 ? await allocateIds(tx, newDocuments, newLines) : { documents: [], lines: [] };
  let nextDocument = 0;
  let nextLine = 0;

  const created: UpdDocumentRow[] = [];
  const lineRows: LineRow[] = [];
  const pending: Pending[] = [];
  const supersededStored = new Set<number>();
  const results: UpdImportResult[] = [];
  for (const file of files) {
    const documents: UpdImportDocument[] = [];
    for (const p of file.parsed) {
      const existing = byKey.get(naturalKey(p.doc));
      if (existing) {
        documents.push(summary(p, existing, true));
        continue;
      }
      const corrected =
        correctedIssues(p.doc)
          .map((t) => (byIssue.get(issueKey(t)) ?? []).find((i) => i.contractId !== null))
          .find((i) => i !== undefined)?.contractId ?? null;
      const resolution = resolveUpdContract(
        p.doc,
        bySeller.get(p.doc.seller.inn) ?? [],
        buyerInns,
        corrected,
      );
      const others = byIssue.get(issueKey(issueOf(p.doc))) ?? [];
      const rank = correctionRank(p.doc.correction?.number);
      const later = others.some((o) => correctionRank(o.correctionNumber) > rank);
      const previous = others
        .filter((o) => correctionRank(o.correctionNumber) < rank)
        .sort((a, b) => correctionRank(b.correctionNumber) - correctionRank(a.correctionNumber))[0];
      const row: UpdDocumentRow = {
        ...documentValues(p.doc, p.fileName, p.sha256),
        id: ids.documents[nextDocument++],
        companyId,
        importId: ctx.run.id,
        contractId: resolution.contractId,
        contractReason: resolution.reason,
        error: resolution.error,
        status: later ? 'superseded' : resolution.error ? 'no_contract' : 'proposed',
        supersedesId: previous?.id ?? null,
        eventId: null,
        confirmedAt: null,
        confirmedBy: null,
        createdAt: new Date(),
      };
      if (!later) {
        // an earlier issue not yet counted is simply replaced; a counted one waits for this one's confirmation
        for (const o of others) {
          if (
            correctionRank(o.correctionNumber) >= rank ||
            o.status === 'confirmed' ||
            o.status === 'superseded'
          )
            continue;
          o.status = 'superseded';
          if (!created.includes(o)) supersededStored.add(o.id);
        }
      }
      const lines = lineValues(p.doc).map((l) => ({ ...l, id: ids.lines[nextLine++], documentId: row.id }));
      lineRows.push(...lines);
      // an advance invoice delivers nothing: its lines are never mapped to the specification
      if (row.contractId !== null && !row.advance) {
        pending.push({
          row,
          lines,
          contractId: row.contractId,
          previousConfirmed: previous?.status === 'confirmed' ? previous.id : null,
        });
      }
      documents.push(summary(p, row, false));
      created.push(row);
      index(row);
    }
    results.push(fileResult(file, documents));
  }

  await supersedeDocuments(tx, [...supersededStored]);
  let specs = specItemsOfRun.get(ctx);
  if (!specs) {
    specs = new Map();
    specItemsOfRun.set(ctx, specs);
  }
  const missing = [...new Set(pending.map((m) => m.contractId))].filter((id) => !specs.has(id));
  for (const [id, items] of await specItemsOf(tx, missing)) specs.set(id, items);
  const confirmed = await confirmedMappingsOf(
    tx,
    pending.flatMap((m) => (m.previousConfirmed === null ? [] : [m.previousConfirmed])),
  );
  const mappings = pending.flatMap((m) => {
    const reuse = new Map<number, { itemId: number; name: string }>();
    for (const c of m.previousConfirmed === null ? [] : (confirmed.get(m.previousConfirmed) ?? []))
      if (c.itemId !== null) reuse.set(c.lineNo, { itemId: c.itemId, name: c.name });
    return proposedMappings(
      m.lines.map((l) => ({
        ...l,
        okei: l.okei ?? null,
        unitName: l.unitName ?? null,
        price: l.price ?? null,
        quantity: l.quantity ?? null,
        sumWithVat: l.sumWithVat ?? null,
        itemCode: l.itemCode ?? null,
      })),
      specs.get(m.contractId) ?? [],
      reuse,
    );
  });
  await insertChunk(tx, {
    documents: created.map(({ createdAt: _, ...values }) => values),
    lines: lineRows,
    mappings,
  });
  await auditAll(
    tx,
    ctx.actor,
    results.map((r) => ({
      action: 'import',
      entity: 'upd_import',
      entityId: ctx.run.id,
      companyId,
      after: { file: ctx.run.uploadFileName, created: r.created, duplicates: r.duplicates },
    })),
  );
  return results;
}
