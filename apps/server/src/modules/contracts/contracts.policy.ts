import { CONTRACT_STATUS_TITLES, CONTRACT_TRANSITIONS, type ContractStatus } from '@zakupki/shared';
import { moscowInstant } from '../../lib/moscow-time.js';

export const allowedTransitions = (from: ContractStatus): ContractStatus[] => [...CONTRACT_TRANSITIONS[from]];

/** Null when the move is allowed, else a Russian explanation that names what is allowed. */
export function transitionProblem(from: ContractStatus, to: ContractStatus): string | null {
  if (CONTRACT_TRANSITIONS[from].includes(to)) return null;
  const t = CONTRACT_STATUS_TITLES;
  if (from === to) return `Договор уже в статусе «${t[to]}»`;
  const allowed = CONTRACT_TRANSITIONS[from];
  const tail = allowed.length
    ? `из него можно перейти только в ${allowed.map((s) => `«${t[s]}»`).join(' или ')}`
    : 'этот статус окончательный';
  return `Нельзя перевести договор из статуса «${t[from]}» в «${t[to]}»: ${tail}`;
}

/** Executed, terminated and cancelled contracts are closed: their terms are not edited. */
export function editProblem(status: ContractStatus): string | null {
  if (status === 'draft' || status === 'concluded') return null;
  return `Договор в статусе «${CONTRACT_STATUS_TITLES[status]}» не редактируется`;
}

/**
 * Terms whose change in a concluded contract is a change of the contract (доп. соглашение) that
 * must be placed in the EIS register within its term.
 */
const MATERIAL_FIELDS = [
  'number',
  'contract_date',
  'subject',
  'supplier_inn',
  'supplier_kpp',
  'supplier_name',
  'price',
  'currency_code',
  'start_date',
  'end_date',
  'funding_source_id',
  'items',
  'stages',
  'payment_terms',
] as const;

type MaterialField = (typeof MATERIAL_FIELDS)[number];

/** Fields of a snapshot that are bookkeeping rather than content (the procurement's number follows its id). */
const IGNORED = new Set(['revision', 'updated_at', 'created_at', 'procurement_number']);

type Snapshot = Record<string, unknown>;

const EXECUTION_KEYS = new Set(['id', 'accepted_quantity', 'accepted_amount', 'paid_amount']);

/** Comparable form: no ids, no execution figures kept by imports. */
function normalise(key: string, value: unknown): string {
  if (Array.isArray(value)) {
    return JSON.stringify(
      value.map((v) =>
        Object.fromEntries(Object.entries(v as Snapshot).filter(([k]) => !EXECUTION_KEYS.has(k))),
      ),
    );
  }
  return JSON.stringify(key.endsWith('_at') && value ? String(value) : (value ?? null));
}

/** Top-level fields that differ between two snapshots. */
export function changedFields(before: Snapshot | null, after: Snapshot): string[] {
  if (!before) return Object.keys(after).filter((k) => !IGNORED.has(k));
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !IGNORED.has(k) && normalise(k, before[k]) !== normalise(k, after[k]));
}

/** The material terms among the changed fields. */
export function materialChanges(before: Snapshot, after: Snapshot): MaterialField[] {
  const changed = new Set(changedFields(before, after));
  return MATERIAL_FIELDS.filter((f) => changed.has(f));
}

export const FIELD_TITLES: Record<MaterialField, string> = {
  number: 'номер',
  contract_date: 'дата',
  subject: 'предмет',
  supplier_inn: 'ИНН поставщика',
  supplier_kpp: 'КПП поставщика',
  supplier_name: 'поставщик',
  price: 'цена',
  currency_code: 'валюта',
  start_date: 'начало исполнения',
  end_date: 'окончание исполнения',
  funding_source_id: 'источник финансирования',
  items: 'спецификация',
  stages: 'этапы',
  payment_terms: 'условия оплаты',
};

/** Publication time from the API: a bare date or a time without offset is Moscow time. */
export function parsePublishedAt(v: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return moscowInstant(v);
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(v)) return new Date(v);
  return moscowInstant(v);
}
