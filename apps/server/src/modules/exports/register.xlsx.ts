import { CONTRACT_DUTY_TITLES, CONTRACT_STATUS_TITLES, type ContractDuty } from '@zakupki/shared';
import { DATE_FORMAT, excelDate, MONEY_FORMAT } from '../../kernel/xlsx/xlsx-formats.js';
import { moscowDay } from '../../lib/moscow-time.js';
import type { ContractRow } from './contract-bundle.repository.js';

export const REGISTER_SHEET = 'Реестр договоров';

/** The columns of the file, in order; `key` names the value a row carries. */
export const REGISTER_COLUMNS = [
  { header: '№ п/п', key: 'n', width: 8 },
  { header: 'Реестровый номер', key: 'registry', width: 26 },
  { header: 'Номер договора', key: 'number', width: 18 },
  { header: 'Дата договора', key: 'date', width: 14, numFmt: DATE_FORMAT },
  { header: 'Предмет договора', key: 'subject', width: 60 },
  { header: 'Заказчик', key: 'customer', width: 36 },
  { header: 'ИНН заказчика', key: 'customerInn', width: 14 },
  { header: 'Поставщик', key: 'supplier', width: 36 },
  { header: 'ИНН поставщика', key: 'supplierInn', width: 14 },
  { header: 'КПП поставщика', key: 'supplierKpp', width: 12 },
  { header: 'Субъект МСП', key: 'sme', width: 11 },
  { header: 'Цена договора', key: 'price', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Валюта', key: 'currency', width: 8 },
  { header: 'Начало исполнения', key: 'start', width: 14, numFmt: DATE_FORMAT },
  { header: 'Окончание исполнения', key: 'end', width: 14, numFmt: DATE_FORMAT },
  { header: 'Статус', key: 'status', width: 12 },
  { header: 'Принято', key: 'executed', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Оплачено', key: 'paid', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Ближайшая обязанность', key: 'duty', width: 40 },
  { header: 'Срок', key: 'due', width: 14, numFmt: DATE_FORMAT },
  { header: 'Просрочено', key: 'overdue', width: 11 },
  { header: 'Размещён в ЕИС', key: 'published', width: 14, numFmt: DATE_FORMAT },
  { header: 'Закон', key: 'law', width: 9 },
  { header: 'Источник', key: 'source', width: 12 },
] as const;

type Row = ContractRow;

const moscowDayOf = (d: Date | null) => (d ? moscowDay(d) : null);

/** A contract as a row of the register file. */
export function registerCells(r: Row, n: number, today: string) {
  return {
    n,
    registry: r.eisRegistryNumber ?? '',
    number: r.number,
    date: excelDate(r.contractDate),
    subject: r.subject,
    customer: r.customerName,
    customerInn: r.customerInn,
    supplier: r.supplierName,
    supplierInn: r.supplierInn,
    supplierKpp: r.supplierKpp ?? '',
    sme: r.supplierIsSme ? 'да' : 'нет',
    price: Number(r.price),
    currency: r.currencyCode,
    start: excelDate(r.startDate),
    end: excelDate(r.endDate),
    status: CONTRACT_STATUS_TITLES[r.status],
    executed: Number(r.executedAmount),
    paid: Number(r.paidAmount),
    duty: r.nextDutyKind ? (CONTRACT_DUTY_TITLES[r.nextDutyKind as ContractDuty] ?? r.nextDutyKind) : '',
    due: excelDate(r.nextDutyDue),
    overdue: r.nextDutyDue ? (r.nextDutyDue < today ? 'да' : 'нет') : '',
    published: excelDate(moscowDayOf(r.eisPublishedAt)),
    law: `${r.law}-ФЗ`,
    source: r.source === 'eis' ? 'ЕИС' : 'вручную',
  };
}
