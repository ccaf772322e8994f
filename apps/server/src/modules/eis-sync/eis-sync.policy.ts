import type { ImportKind } from '@zakupki/shared';

/**
 * What a synchronisation reads (docs/eis-sync.md «What a run reads»): per region, each document
 * type of the 223-FZ subsystems, for the previous day and the 7 days before it; and which import
 * writes what it finds.
 */
export type DocSource = { subsystemType: string; documentType223: string; kind: ImportKind };

const notice = (t: string): DocSource => ({
  subsystemType: 'RI223',
  documentType223: t,
  kind: 'eis-procurements',
});

export const DOC_SOURCES: readonly DocSource[] = [
  { subsystemType: 'RPZ223', documentType223: 'purchasePlan', kind: 'eis-plans' },
  ...[
    'purchaseNotice',
    'purchaseNoticeAE',
    'purchaseNoticeAE94',
    'purchaseNoticeAESMBO',
    'purchaseNoticeEP',
    'purchaseNoticeOK',
    'purchaseNoticeOA',
    'purchaseNoticeZK',
    'purchaseNoticeZKESMBO',
    'purchaseNoticeZPESMBO',
    'purchaseNoticeKESMBO',
    'purchaseProtocol',
    'purchaseProtocolPAEP',
  ].map(notice),
  // the contract register: unconfirmed in the operator's documents (EIS-CONNECTOR.md)
  { subsystemType: 'RD223', documentType223: 'contract', kind: 'eis-contracts' },
];

/** Days re-checked before the previous day (late publications, corrections). */
export const RECHECK_DAYS = 7;

/** The days a run reads: the previous day (`day`) first, then the 7 before it. */
export function daysToRead(day: string): string[] {
  const start = Date.parse(`${day}T00:00:00Z`);
  return Array.from({ length: RECHECK_DAYS + 1 }, (_, i) =>
    new Date(start - i * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The day before `today` (YYYY-MM-DD). */
export const previousDay = (today: string) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The subsystem that answers by registration number for each kind of placed object. */
export const SUBSYSTEM_OF = { eis_plan: 'RPZ223', procurement: 'RI223', contract: 'RD223' } as const;

/** Whether a document's customer is the company or one of its customers (ИНН, and КПП when both have one). */
export function isOwnCustomer(
  doc: { inn: string | null; kpp: string | null },
  own: { inn: string; kpp: string | null }[],
): boolean {
  if (!doc.inn) return false;
  return own.some((o) => o.inn === doc.inn && (!o.kpp || !doc.kpp || o.kpp === doc.kpp));
}

export type Counts = { new: number; updated: number; unchanged: number; skipped: number; failed: number };
export const noCounts = (): Counts => ({ new: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 });

/** How a run ends from its counts and its failed steps: never `done` with a failure in it. */
export function runStatus(counts: Counts, errors: { outcome: string }[], answered: number) {
  if (errors.length === 0) return 'done' as const;
  if (answered === 0) return 'failed' as const;
  return counts.new + counts.updated + counts.unchanged > 0 || answered > 0
    ? ('warning' as const)
    : ('failed' as const);
}
