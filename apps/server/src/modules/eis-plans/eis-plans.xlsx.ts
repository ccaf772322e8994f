import { EIS_POSITION_STATUS_TITLES } from '@zakupki/shared';
import ExcelJS from 'exceljs';
import { DATE_FORMAT, excelDate, MONEY_FORMAT } from '../../kernel/xlsx/xlsx-formats.js';
import type { PlanRow, PositionVersionRow, VersionRow } from './eis-plans.repository.js';

export const PLAN_SHEET = 'План закупки';

/** The columns of a plan version's file; a position with several rows takes one line per row. */
export const PLAN_COLUMNS = [
  { header: 'Номер позиции', key: 'number', width: 18 },
  { header: '№ п/п', key: 'ordinal', width: 8 },
  { header: 'Статус', key: 'status', width: 14 },
  { header: 'Предмет договора', key: 'subject', width: 60 },
  { header: 'НМЦД', key: 'price', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Валюта', key: 'currency', width: 8 },
  { header: 'Способ закупки', key: 'method', width: 40 },
  { header: 'Год', key: 'year', width: 7 },
  { header: 'Месяц', key: 'month', width: 7 },
  { header: 'Срок исполнения договора', key: 'end', width: 14, numFmt: DATE_FORMAT },
  { header: 'Электронная', key: 'electronic', width: 11 },
  { header: 'Только МСП', key: 'sme', width: 11 },
  { header: 'Долгосрочная', key: 'longTerm', width: 12 },
  { header: 'Заказчик', key: 'customer', width: 30 },
  { header: 'ОКПД2', key: 'okpd2', width: 16 },
  { header: 'ОКВЭД2', key: 'okved2', width: 12 },
  { header: 'ОКЕИ', key: 'okei', width: 14 },
  { header: 'Количество', key: 'qty', width: 12 },
  { header: 'Регион', key: 'region', width: 20 },
] as const;

const yes = (v: boolean | null) => (v === null ? '' : v ? 'да' : 'нет');

/** A plan version as an XLSX workbook (exceljs): a header block, then every position and its rows. */
export async function planVersionXlsx(
  plan: PlanRow,
  version: VersionRow,
  rows: PositionVersionRow[],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(PLAN_SHEET, { views: [{ state: 'frozen', ySplit: 3 }] });
  sheet.columns = PLAN_COLUMNS.map((c) => ({
    key: c.key,
    width: c.width,
    style: 'numFmt' in c ? { numFmt: c.numFmt } : {},
  }));
  sheet.getCell('A1').value =
    `План закупки ${plan.registrationNumber}, версия ${version.version} (${plan.year} г.)`;
  sheet.getCell('A1').font = { bold: true };
  sheet.getCell('A2').value =
    `${plan.customerName ?? ''} ИНН ${plan.customerInn ?? ''}; утверждён ${version.approveDate ?? '—'}; позиций ${version.positions}`;
  const header = sheet.getRow(3);
  PLAN_COLUMNS.forEach((c, i) => {
    header.getCell(i + 1).value = c.header;
  });
  header.font = { bold: true };
  for (const p of rows) {
    const lines = p.rows.length ? p.rows : [null];
    for (const r of lines) {
      sheet.addRow({
        number: p.number,
        ordinal: p.ordinalNumber,
        status: p.status ? (EIS_POSITION_STATUS_TITLES[p.status] ?? p.status) : '',
        subject: p.subject,
        price: p.price === null ? null : Number(p.price),
        currency: p.currency,
        method: p.methodName ?? p.methodCode,
        year: p.year,
        month: p.month,
        end: excelDate(p.contractEndDate),
        electronic: yes(p.electronic),
        sme: yes(p.smeOnly),
        longTerm: yes(p.longTerm),
        customer: p.customerName,
        okpd2: r?.okpd2_code ?? null,
        okved2: r?.okved2_code ?? null,
        okei: r?.okei_name ?? null,
        qty: r?.qty === null || r?.qty === undefined ? null : Number(r.qty),
        region: r?.region ?? p.region,
      });
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
