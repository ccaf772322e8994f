import { randomUUID } from 'node:crypto';
import { formatRub } from '@zakupki/shared';
import { MOSCOW_OFFSET } from '../../lib/moscow-time.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { FIELD_TITLES, materialChanges } from '../contracts/contracts.policy.js';
import { subjectTypeOf } from '../procurements/eis-procurement.policy.js';
import type { ContractBundle, ContractRow, EventRow, Organisation } from './contract-bundle.repository.js';

/**
 * OCDS 1.1 release package (https://standard.open-contracting.org/1.1/en/schema/release_package/)
 * of chosen contracts: one release per contract with parties, tender, award, contract with items,
 * implementation (payments as transactions, acceptances as delivery milestones) and amendments.
 */

type Value = { amount: number; currency: string };
type PartyRef = { id: string; name: string };
export type OcdsParty = PartyRef & {
  identifier: { scheme: 'RU-INN'; id: string; legalName: string };
  address?: { streetAddress: string; countryName: string };
  roles: string[];
  details?: Record<string, string>;
};
export type OcdsRelease = {
  ocid: string;
  id: string;
  date: string;
  tag: string[];
  initiationType: 'tender';
  language: 'ru';
  parties: OcdsParty[];
  buyer: PartyRef;
  tender: Record<string, unknown>;
  awards: Record<string, unknown>[];
  contracts: Record<string, unknown>[];
};
export type OcdsPackage = {
  uri: string;
  version: '1.1';
  publishedDate: string;
  publisher: { name: string; scheme: 'RU-INN'; uid: string };
  releases: OcdsRelease[];
};

/** A date of the register (a Moscow day) as an OCDS date-time. */
export const ocdsDate = (d: string) => `${d}T00:00:00${MOSCOW_OFFSET}`;
const value = (amount: string, currency: string): Value => ({ amount: Number(amount), currency });
const partyId = (inn: string) => `RU-INN-${inn}`;

/** `ocid`: the prefix and the EIS registry number, or our id when the contract has none. */
export const ocidOf = (prefix: string, c: ContractRow) => `${prefix}-${c.eisRegistryNumber ?? `zk${c.id}`}`;

function party(org: Organisation, roles: string[], details: Record<string, string> = {}): OcdsParty {
  const extra: Record<string, string> = { ...details };
  if (org.kpp) extra.kpp = org.kpp;
  return {
    id: partyId(org.inn),
    name: org.name,
    identifier: { scheme: 'RU-INN', id: org.inn, legalName: org.name },
    ...(org.address ? { address: { streetAddress: org.address, countryName: 'Россия' } } : {}),
    roles,
    ...(Object.keys(extra).length ? { details: extra } : {}),
  };
}

const AWARD_STATUS: Record<ContractRow['status'], string> = {
  draft: 'pending',
  concluded: 'active',
  executed: 'active',
  terminated: 'active',
  cancelled: 'cancelled',
};
const CONTRACT_STATUS: Record<ContractRow['status'], string> = {
  draft: 'pending',
  concluded: 'active',
  executed: 'terminated',
  terminated: 'terminated',
  cancelled: 'cancelled',
};

/**
 * OCDS `mainProcurementCategory`: goods, works or services by the items' ОКПД2 sections, the
 * reading the EIS notice import makes of a procurement's subject (goods when no item has a code).
 */
const mainCategory = (b: ContractBundle) => subjectTypeOf(b.items.map((it) => it.okpd2Code));

/** Ever signed: concluded (or further) now or in one of its versions. */
function signed(b: ContractBundle) {
  const was = (status: unknown) => status !== 'draft' && status !== 'cancelled';
  return was(b.contract.status) || b.versions.some((v) => was((v.snapshot as { status?: unknown }).status));
}

/** The last change of the contract: its own edits, its events and versions. */
function lastChange(b: ContractBundle): Date {
  let last = b.contract.updatedAt.getTime();
  for (const e of b.events) last = Math.max(last, e.createdAt.getTime());
  for (const v of b.versions) last = Math.max(last, v.changedAt.getTime());
  return new Date(last);
}

const docLabel = (e: EventRow, fallback: string) =>
  `${e.documentName ?? fallback}${e.documentNumber ? ` № ${e.documentNumber}` : ''} от ${formatRuDate(e.documentDate ?? e.eventDate)}`;

function amendments(b: ContractBundle, ocid: string) {
  const out: Record<string, unknown>[] = [];
  const changes = b.events.filter((e) => e.kind === 'change');
  for (let i = 1; i < b.versions.length; i++) {
    const before = b.versions[i - 1].snapshot as Record<string, unknown>;
    const after = b.versions[i].snapshot as Record<string, unknown>;
    if (before.status === 'draft') continue;
    const fields = materialChanges(before, after);
    if (fields.length === 0) continue;
    const v = b.versions[i];
    // the change event written by the same edit (one transaction: the same moment)
    const change =
      changes.find((e) => Math.abs(e.createdAt.getTime() - v.changedAt.getTime()) < 5_000) ?? null;
    out.push({
      id: `${ocid}-amendment-${v.revision}`,
      date: change ? ocdsDate(change.eventDate) : v.changedAt.toISOString(),
      description: `Изменены условия договора: ${fields.map((f) => FIELD_TITLES[f]).join(', ')}`,
      ...(change?.description ? { rationale: change.description } : {}),
    });
  }
  return out;
}

function release(b: ContractBundle, prefix: string): OcdsRelease {
  const c = b.contract;
  const ocid = ocidOf(prefix, c);
  const cur = c.currencyCode;
  const payments = b.events.filter((e) => e.kind === 'payment' && e.amount !== null);
  const acceptances = b.events.filter((e) => e.kind === 'acceptance');
  const paid = payments.length > 0;
  const buyer = party(b.customer, paid ? ['buyer', 'payer'] : ['buyer']);
  // a contract imported without a supplier (EIS gave none) has no supplier party, award supplier
  // or payee: the rest of its release is as complete as the others'
  const supplier = c.supplierInn
    ? party(
        { name: c.supplierName, inn: c.supplierInn, kpp: c.supplierKpp, ogrn: null, address: null },
        paid ? ['supplier', 'payee'] : ['supplier'],
        c.supplierIsSme ? { scale: 'sme' } : {},
      )
    : null;
  const parties = !supplier
    ? [buyer]
    : buyer.id === supplier.id
      ? [{ ...buyer, roles: [...buyer.roles, ...supplier.roles] }]
      : [buyer, supplier];
  const buyerRef = { id: buyer.id, name: buyer.name };
  const supplierRef = supplier ? { id: supplier.id, name: supplier.name } : null;
  const transactions = payments.map((e) => ({
    id: `${ocid}-payment-${e.id}`,
    date: ocdsDate(e.eventDate),
    value: value(e.amount as string, cur),
    payer: buyerRef,
    ...(supplierRef ? { payee: supplierRef } : {}),
  }));
  const milestones = acceptances.map((e) => ({
    id: `${ocid}-delivery-${e.id}`,
    title: `Приёмка: ${docLabel(e, 'документ о приёмке')}`,
    type: 'delivery',
    status: 'met',
    dateMet: ocdsDate(e.eventDate),
    ...(e.amount ? { description: `Принято на сумму ${formatRub(e.amount)}` } : {}),
    documents: [
      {
        id: `${ocid}-document-${e.id}`,
        documentType: 'completionCertificate',
        title: docLabel(e, 'Документ о приёмке'),
        ...(e.documentDate ? { datePublished: ocdsDate(e.documentDate) } : {}),
      },
    ],
  }));
  const amends = amendments(b, ocid);
  const items = b.items.map((it) => ({
    id: String(it.lineNo),
    description: it.name,
    ...(it.okpd2Code ? { classification: { scheme: 'OKPD2', id: it.okpd2Code } } : {}),
    quantity: Number(it.quantity),
    unit: {
      ...(it.okeiCode ? { scheme: 'OKEI', id: it.okeiCode } : {}),
      ...(it.unitName ? { name: it.unitName } : {}),
      value: value(it.price, cur),
    },
  }));
  const awardId = `${ocid}-award-1`;
  const tag = ['tender', 'award', 'contract'];
  if (transactions.length || milestones.length) tag.push('implementation');
  if (amends.length) tag.push('contractAmendment');
  const m = b.method;
  return {
    ocid,
    id: `${ocid}-${c.revision}`,
    date: lastChange(b).toISOString(),
    tag,
    initiationType: 'tender',
    language: 'ru',
    parties,
    buyer: buyerRef,
    tender: {
      id: c.noticeNumber ?? `${ocid}-tender`,
      title: c.subject,
      status: c.status === 'cancelled' ? 'cancelled' : 'complete',
      mainProcurementCategory: mainCategory(b),
      ...(m.ocds ? { procurementMethod: m.ocds } : {}),
      ...(m.title ? { procurementMethodDetails: m.title } : {}),
    },
    awards: [
      {
        id: awardId,
        title: c.subject,
        status: AWARD_STATUS[c.status],
        date: ocdsDate(c.contractDate),
        value: value(c.price, cur),
        ...(supplierRef ? { suppliers: [supplierRef] } : {}),
      },
    ],
    contracts: [
      {
        id: `${ocid}-contract-1`,
        awardID: awardId,
        title: `Договор № ${c.number} от ${formatRuDate(c.contractDate)}`,
        description: c.subject,
        status: CONTRACT_STATUS[c.status],
        ...(c.startDate || c.endDate
          ? {
              period: {
                ...(c.startDate ? { startDate: ocdsDate(c.startDate) } : {}),
                ...(c.endDate ? { endDate: ocdsDate(c.endDate) } : {}),
              },
            }
          : {}),
        value: value(c.price, cur),
        ...(signed(b) ? { dateSigned: ocdsDate(c.contractDate) } : {}),
        items,
        implementation: { transactions, milestones },
        ...(amends.length ? { amendments: amends } : {}),
      },
    ],
  };
}

export function buildOcdsPackage(
  bundles: ContractBundle[],
  opts: { prefix: string; publisher: Organisation; now?: Date },
): OcdsPackage {
  return {
    uri: `urn:uuid:${randomUUID()}`,
    version: '1.1',
    publishedDate: (opts.now ?? new Date()).toISOString(),
    publisher: { name: opts.publisher.name, scheme: 'RU-INN', uid: opts.publisher.inn },
    releases: bundles.map((b) => release(b, opts.prefix)),
  };
}
