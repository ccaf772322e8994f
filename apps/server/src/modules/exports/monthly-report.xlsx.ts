import { CONTRACT_STATUS_TITLES, monthName } from '@zakupki/shared';
import ExcelJS from 'exceljs';
import { COUNT_FORMAT, DATE_FORMAT, excelDate, MONEY_FORMAT } from '../../kernel/xlsx/xlsx-formats.js';
import { moscowDateTime } from '../../lib/moscow-time.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { MONTHLY_ROWS, MONTHLY_SECTIONS } from './monthly-223-form.js';
import type { MonthlyReport } from './monthly-report.service.js';

/** Sheet names of the report file. */
export const MONTHLY_SHEETS = { report: 'Отчёт', lines: 'Расшифровка', notes: 'Примечания' } as const;

/** Row of the «Отчёт» sheet where the table header is (rows above it are the heading). */
export const MONTHLY_TABLE_HEADER_ROW = 8;

const bold = { bold: true };

function reportSheet(wb: ExcelJS.Workbook, r: MonthlyReport, now: Date) {
  const ws = wb.addWorksheet(MONTHLY_SHEETS.report);
  ws.columns = [{ width: 12 }, { width: 95 }, { width: 22 }, { width: 10 }];
  const moscow = moscowDateTime(now);
  const heading = [
    'Сведения о количестве и стоимости договоров, заключённых заказчиком',
    '(ч. 19 ст. 4 Федерального закона от 18.07.2011 № 223-ФЗ)',
    `Заказчик: ${r.company.name}, ИНН ${r.company.inn}${r.company.kpp ? `, КПП ${r.company.kpp}` : ''}`,
    `Отчётный период: ${monthName(r.month)} ${r.year} г. (с ${formatRuDate(r.periodFrom)} по ${formatRuDate(r.periodTo)})`,
    `Срок размещения в ЕИС: не позднее ${formatRuDate(r.dueDate)} (${r.dueReference}; 10-е число следующего месяца, перенос с нерабочего дня по производственному календарю)`,
    `Сформировано: ${formatRuDate(moscow.slice(0, 10))} ${moscow.slice(11, 16)} (МСК)`,
  ];
  heading.forEach((text, i) => {
    const row = ws.getRow(i + 1);
    row.getCell(1).value = text;
    if (i === 0) row.getCell(1).font = { bold: true, size: 13 };
    ws.mergeCells(i + 1, 1, i + 1, 4);
  });
  const head = ws.getRow(MONTHLY_TABLE_HEADER_ROW);
  head.values = ['Код строки', 'Наименование показателя', 'Значение', 'Единица'];
  head.font = bold;
  let at = MONTHLY_TABLE_HEADER_ROW + 1;
  let section = 0;
  for (const row of MONTHLY_ROWS) {
    if (row.section !== section) {
      section = row.section;
      const s = ws.getRow(at++);
      s.getCell(1).value = MONTHLY_SECTIONS[row.section];
      s.font = bold;
      ws.mergeCells(s.number, 1, s.number, 4);
    }
    const f = r.figures.get(row.code);
    const line = ws.getRow(at++);
    line.getCell(1).value = row.code;
    line.getCell(2).value = row.name;
    line.getCell(2).alignment = { wrapText: true, vertical: 'top' };
    const cell = line.getCell(3);
    cell.value = f ? Number(f.value) : 0;
    cell.numFmt = row.measure === 'amount' ? MONEY_FORMAT : COUNT_FORMAT;
    line.getCell(4).value = row.measure === 'amount' ? 'руб.' : 'шт.';
  }
  ws
    .getRow(at + 1)
    .getCell(
      1,
    ).value = `Примечания к заполнению: ${r.notes.length} — см. лист «${MONTHLY_SHEETS.notes}». Договоры, учтённые в строках, — на листе «${MONTHLY_SHEETS.lines}».`;
  ws.mergeCells(at + 1, 1, at + 1, 4);
}

function linesSheet(wb: ExcelJS.Workbook, r: MonthlyReport) {
  const ws = wb.addWorksheet(MONTHLY_SHEETS.lines);
  ws.columns = [
    { header: 'Реестровый номер', key: 'reg', width: 26 },
    { header: 'Номер договора', key: 'number', width: 18 },
    { header: 'Дата договора', key: 'date', width: 14, style: { numFmt: DATE_FORMAT } },
    { header: 'Поставщик', key: 'supplier', width: 40 },
    { header: 'ИНН поставщика', key: 'inn', width: 14 },
    { header: 'Субъект МСП', key: 'sme', width: 12 },
    { header: 'Цена договора', key: 'price', width: 20, style: { numFmt: MONEY_FORMAT } },
    { header: 'Валюта', key: 'currency', width: 8 },
    { header: 'Статус', key: 'status', width: 12 },
    { header: 'Способ закупки', key: 'method', width: 40 },
    { header: 'Основание заключения', key: 'basis', width: 40 },
    { header: 'Учтён в строках', key: 'codes', width: 24 },
  ];
  ws.getRow(1).font = bold;
  for (const l of r.lines) {
    const c = l.contract;
    ws.addRow({
      reg: c.eisRegistryNumber ?? '',
      number: c.number,
      date: excelDate(c.contractDate),
      supplier: c.supplierName,
      inn: c.supplierInn,
      sme: c.supplierIsSme ? 'да' : 'нет',
      price: Number(c.price),
      currency: c.currencyCode,
      status: CONTRACT_STATUS_TITLES[c.status],
      method: l.method,
      basis: l.basis ?? 'не указано',
      codes: l.codes.join(', '),
    });
  }
}

function notesSheet(wb: ExcelJS.Workbook, r: MonthlyReport) {
  const ws = wb.addWorksheet(MONTHLY_SHEETS.notes);
  ws.columns = [
    { header: 'Строки', key: 'code', width: 14 },
    { header: 'Примечание', key: 'text', width: 140 },
  ];
  ws.getRow(1).font = bold;
  for (const n of r.notes) {
    const row = ws.addRow({ code: n.code ?? '—', text: n.text });
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
  }
}

/** The report as an XLSX file: the form, the contracts behind its figures, the notes. */
export async function monthlyReportXlsx(r: MonthlyReport, now = new Date()): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Система автоматизации закупок';
  wb.created = now;
  reportSheet(wb, r, now);
  linesSheet(wb, r);
  notesSheet(wb, r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
