import { randomUUID } from 'node:crypto';
import { fromKopecks, toScaled } from '@zakupki/shared';
import { trimDecimal } from '../../lib/decimal.js';
import { formatRuDate } from '../calendar/iso-date.js';
import type { ContractBundle, EventRow, Organisation } from './contract-bundle.repository.js';
import {
  type BuiltXml,
  C,
  contractGuidOf,
  contractTitle,
  currencyElement,
  customerOf,
  eisFileName,
  partiesElements,
  positionGuidOf,
  regNumber23,
  renderEisDocument,
  require223,
} from './eis-common.js';
import { ExportFailure } from './export-failure.js';
import { el, leaf, money2, type XmlElement } from './xml-writer.js';

export type EisPerformanceBuild = {
  bundle: ContractBundle;
  placer: Organisation;
  period: { from: string; to: string };
  now?: Date;
};

/** Acceptance document codes of contract.xsd (`docType/code`), matched on the document's name. */
const DOC_CODES: [RegExp, string, string][] = [
  [/товарно-транспортн/i, '02', 'товарно-транспортная накладная'],
  [/товарн\S* накладн|торг-12/i, '01', 'товарная накладная'],
  [/акт о при[её]мке выполненных работ|кс-2/i, '12', 'акт о приемке выполненных работ'],
  [/акт (выполненных работ|оказанных услуг|сдачи)/i, '20', 'акт выполненных работ'],
  [/акт о при[её]мке товаров/i, '06', 'акт о приемке товаров'],
];
/** «прочие документы о приемке»: УПД and anything not named above. */
const OTHER_DOC = '37';

export function docCode(name: string | null): string {
  const hit = DOC_CODES.find(([re]) => re.test(name ?? ''));
  return hit ? hit[1] : OTHER_DOC;
}

const kop = (v: string | null) => (v ? toScaled(v, 2) : 0n);
const order = (a: EventRow, b: EventRow) =>
  a.eventDate < b.eventDate ? -1 : a.eventDate > b.eventDate ? 1 : a.id - b.id;

/**
 * Whether each payment was an advance and each acceptance was paid in advance, from the whole
 * history: a payment is an advance when the contract's payments up to and including it exceed what
 * was accepted by its date; an acceptance was prepaid when payments made by its date cover all
 * acceptances up to and including it.
 */
export function advanceFlags(events: EventRow[]): Map<number, boolean> {
  const sorted = events.filter((e) => e.kind === 'payment' || e.kind === 'acceptance').sort(order);
  const flags = new Map<number, boolean>();
  const sumUntil = (kind: string, date: string) =>
    sorted.filter((e) => e.kind === kind && e.eventDate <= date).reduce((s, e) => s + kop(e.amount), 0n);
  let paid = 0n;
  let accepted = 0n;
  for (const e of sorted) {
    if (e.kind === 'payment') {
      paid += kop(e.amount);
      flags.set(e.id, paid > sumUntil('acceptance', e.eventDate));
    } else {
      accepted += kop(e.amount);
      flags.set(e.id, sumUntil('payment', e.eventDate) >= accepted && accepted > 0n);
    }
  }
  return flags;
}

/**
 * The EIS 223-ФЗ `performanceContract` document (сведения об исполнении договора) for a period, in
 * the element order of contract.xsd 12.2: one position holding the period's payments
 * (`paymentInfos`) and the accepted specification lines (`docs`). Throws ExportFailure when the
 * period has nothing to report.
 */
export function buildEisPerformanceXml(input: EisPerformanceBuild): BuiltXml {
  const b = input.bundle;
  const c = b.contract;
  const { from, to } = input.period;
  const warnings: string[] = [];
  require223(c, 'Сведения об исполнении');
  const inPeriod = (e: EventRow) => e.eventDate >= from && e.eventDate <= to;
  const payments = b.events.filter((e) => e.kind === 'payment' && inPeriod(e) && kop(e.amount) > 0n);
  const acceptances = b.events.filter((e) => e.kind === 'acceptance' && inPeriod(e));
  const flags = advanceFlags(b.events);
  const itemOf = new Map(b.items.map((i) => [i.id, i]));

  const docs: XmlElement[] = [];
  for (const a of acceptances) {
    const lines = b.eventItems.filter((l) => l.eventId === a.id);
    const label = `${a.documentName ?? 'Документ о приёмке'}${a.documentNumber ? ` № ${a.documentNumber}` : ''} от ${formatRuDate(a.documentDate ?? a.eventDate)}`;
    if (lines.length === 0) {
      warnings.push(`${label}: не сопоставлен с позициями спецификации, в сведения не включён`);
      continue;
    }
    for (const l of lines) {
      const item = itemOf.get(l.contractItemId);
      if (!item) continue;
      if (!item.okeiCode) {
        warnings.push(
          `${label}, позиция ${item.lineNo} «${item.name}»: нет кода ОКЕИ, строка в сведения не включена`,
        );
        continue;
      }
      if (l.quantity.startsWith('-') || l.amount.startsWith('-')) {
        warnings.push(
          `${label}, позиция ${item.lineNo}: отрицательная корректировка (УКД) в сведения не включена, её нужно отразить изменением сведений`,
        );
        continue;
      }
      docs.push(
        el(
          `${C}doc`,
          leaf(`${C}ordinal`, docs.length + 1),
          leaf(`${C}date`, a.documentDate ?? a.eventDate),
          leaf(`${C}code`, docCode(a.documentName)),
          leaf(`${C}name`, (a.documentName ?? 'Документ о приёмке').slice(0, 500)),
          leaf(`${C}number`, a.documentNumber),
          el(
            `${C}contractPosition`,
            leaf(`${C}guid`, positionGuidOf(c, item)),
            leaf(`${C}name`, item.name),
            item.okpd2Code ? el(`${C}okpd2`, leaf('code', item.okpd2Code)) : null,
          ),
          el(`${C}okei`, leaf('code', item.okeiCode), leaf('name', item.unitName)),
          leaf(`${C}qty`, trimDecimal(l.quantity)),
          leaf(`${C}unitPrice`, trimDecimal(item.price)),
          leaf(`${C}prepayment`, flags.get(a.id) ?? false),
          leaf(`${C}totalRub`, money2(l.amount)),
        ),
      );
    }
  }
  if (payments.length === 0 && docs.length === 0) {
    throw new ExportFailure(
      `За период с ${formatRuDate(from)} по ${formatRuDate(to)} по ${contractTitle(c)} нет оплат и сопоставленных документов о приёмке: сведения об исполнении не сформированы`,
    );
  }
  if (c.source === 'eis' && docs.length > 0) {
    warnings.push(
      'Договор загружен из ЕИС, а GUID его позиций в реестре не хранятся: ссылки документов о приёмке на позиции (contractPosition/guid) сформированы системой — сверьте их в личном кабинете ЕИС',
    );
  }
  const total = payments.reduce((s, p) => s + kop(p.amount), 0n);
  const execution = b.events.find((e) => e.kind === 'execution' && e.eventDate <= to);
  const completed = c.status === 'executed' && !!execution;
  const guid = randomUUID();
  const now = input.now ?? new Date();
  const customer = customerOf(b, input.placer, false);
  const data = el(
    `${C}performanceContractData`,
    leaf(`${C}guid`, guid),
    ...partiesElements(now, customer, input.placer),
    leaf(`${C}completed`, completed),
    leaf(`${C}hasPenalty`, false),
    leaf(`${C}contractRegNumber`, regNumber23(c)),
    el(
      `${C}contractInfo`,
      leaf(`${C}guid`, contractGuidOf(c)),
      leaf(`${C}name`, c.number.slice(0, 500)),
      leaf(`${C}agencyName`, customer.name.slice(0, 2000)),
      leaf(`${C}supplierName`, c.supplierName.slice(0, 2000)),
      leaf(`${C}lotInfo`, c.subject.slice(0, 2000)),
      leaf(`${C}contractDate`, c.contractDate),
    ),
    el(
      `${C}positions`,
      el(
        `${C}position`,
        leaf(`${C}ordinal`, 1),
        payments.length
          ? el(
              `${C}paymentInfos`,
              ...payments.map((p, i) =>
                el(
                  `${C}paymentInfo`,
                  leaf(`${C}ordinal`, i + 1),
                  leaf(`${C}paymentDate`, p.eventDate),
                  leaf(`${C}price`, money2(p.amount ?? '0')),
                  currencyElement(`${C}currency`, c.currencyCode),
                  c.currencyCode === 'RUB' ? leaf(`${C}rubPrice`, money2(p.amount ?? '0')) : null,
                  leaf(`${C}prepaid`, flags.get(p.id) ?? false),
                ),
              ),
            )
          : null,
        docs.length ? el(`${C}docs`, ...docs) : null,
      ),
      payments.length ? leaf(`${C}total`, fromKopecks(total)) : null,
    ),
    completed && execution ? leaf(`${C}completionStageEndDate`, execution.eventDate) : null,
  );
  return {
    xml: renderEisDocument('performanceContract', now, data),
    warnings,
    guid,
    fileName: eisFileName('performanceContract', c, from, to),
  };
}
