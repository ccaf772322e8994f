import type { UpdDocumentDetail, UpdLine } from '@zakupki/shared/api/imports';

/**
 * The mapping screen's choice per УПД line: a specification item id, or null for «не относится
 * к договору». Starts from the server's proposal (or the confirmed mapping).
 */
export type MappingChoice = Record<number, number | null>;

export const NOT_RELATED = 'none';

export function initialChoice(lines: UpdLine[]): MappingChoice {
  const out: MappingChoice = {};
  for (const l of lines) out[l.id] = l.mapping?.contract_item_id ?? null;
  return out;
}

/**
 * The body of POST …/upd-documents/:id/mapping: every line with the item chosen for it (null:
 * not related to the contract). Sending every line makes the confirmation explicit: what the
 * user saw is what is counted.
 */
export function mappingPayload(lines: UpdLine[], choice: MappingChoice) {
  return lines.map((l) => ({
    upd_line_id: l.id,
    contract_item_id: l.id in choice ? choice[l.id] : (l.mapping?.contract_item_id ?? null),
  }));
}

/** Lines whose choice differs from the server's proposal (they are confirmed as corrected by hand). */
export function changedLines(lines: UpdLine[], choice: MappingChoice): number[] {
  return lines
    .filter((l) => (choice[l.id] ?? null) !== (l.mapping?.contract_item_id ?? null))
    .map((l) => l.id);
}

/** Confidence 0..1 → `87 %`; and its colour: green from 0.8, yellow from 0.5, red below. */
export function confidenceView(c: number | null | undefined): { label: string; color: string } | null {
  if (c === null || c === undefined) return null;
  const pct = Math.round(c * 100);
  return { label: `${pct} %`, color: c >= 0.8 ? 'green' : c >= 0.5 ? 'yellow' : 'red' };
}

/** Options of the item select of a line: candidates first (with their confidence), then the rest. */
export function itemOptions(doc: Pick<UpdDocumentDetail, 'items'>, line: UpdLine) {
  const conf = new Map(line.candidates.map((c) => [c.contract_item_id, c.confidence]));
  const sorted = [...doc.items].sort((a, b) => {
    const ca = conf.get(a.id) ?? -1;
    const cb = conf.get(b.id) ?? -1;
    return cb - ca || a.line_no - b.line_no;
  });
  return [
    { value: NOT_RELATED, label: 'Не относится к договору' },
    ...sorted.map((i) => {
      const c = conf.get(i.id);
      return {
        value: String(i.id),
        label: `${i.line_no}. ${i.name}${c !== undefined ? ` (совпадение ${Math.round(c * 100)} %)` : ''}`,
      };
    }),
  ];
}
