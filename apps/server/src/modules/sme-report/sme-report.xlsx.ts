import {
  CONTRACT_STATUS_TITLES,
  SME_RULE_STATUS_TITLES,
  type SmeContractLine,
  type SmeReport,
} from '@zakupki/shared';
import ExcelJS from 'exceljs';
import type { SheetColumn } from '../../kernel/xlsx/sheet-writer.js';
import { COUNT_FORMAT, DATE_FORMAT, excelDate, MONEY_FORMAT } from '../../kernel/xlsx/xlsx-formats.js';
import { formatRuDate } from '../calendar/iso-date.js';

/** Sheet names: the summary, one per figure's contracts, the rules and notes. */
export const SME_SHEETS = {
  report: 'Отчёт',
  total: 'Все договоры года',
  excluded: 'Исключения',
  base: 'Годовой объём',
  sme: 'С субъектами МСП',
  smeOnly: 'Только среди МСП',
  rules: 'Правила и примечания',
} as const;

/** Row of the «Отчёт» sheet where the figures' table header is. */
export const SME_TABLE_HEADER_ROW = 7;

const PERCENT_FORMAT = '0.00';
const bold = { bold: true };

const yesNo = (v: boolean | null) => (v === null ? 'не известно' : v ? 'да' : 'нет');

export const SME_CONTRACT_COLUMNS: readonly SheetColumn[] = [
  { header: '№ п/п', key: 'n', width: 7 },
  { header: 'Реестровый номер', key: 'registry', width: 26 },
  { header: 'Номер договора', key: 'number', width: 18 },
  { header: 'Дата заключения', key: 'date', width: 14, numFmt: DATE_FORMAT },
  { header: 'Предмет договора', key: 'subject', width: 50 },
  { header: 'Поставщик', key: 'supplier', width: 36 },
  { header: 'ИНН поставщика', key: 'inn', width: 14 },
  { header: 'Субъект МСП', key: 'sme', width: 11 },
  { header: 'Способ закупки', key: 'method', width: 40 },
  { header: 'Только среди МСП', key: 'smeOnly', width: 12 },
  { header: 'Основание заключения', key: 'basis', width: 40 },
  { header: 'Цена договора', key: 'price', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Валюта', key: 'currency', width: 8 },
  { header: 'Статус', key: 'status', width: 12 },
  { header: 'Исключён по правилу', key: 'rule', width: 40 },
];

function contractsSheet(
  wb: ExcelJS.Workbook,
  name: string,
  list: SmeContractLine[],
  ruleOf: (c: SmeContractLine) => string = () => '',
) {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = SME_CONTRACT_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  ws.getRow(1).font = bold;
  list.forEach((c, i) => {
    ws.addRow({
      n: i + 1,
      registry: c.registry_number ?? '',
      number: c.number,
      date: excelDate(c.contract_date),
      subject: c.subject,
      supplier: c.supplier_name,
      inn: c.supplier_inn,
      sme: c.supplier_is_sme ? 'да' : 'нет',
      method: c.method ?? 'не указан',
      smeOnly: yesNo(c.sme_only),
      basis: c.basis ?? 'не указано',
      price: Number(c.price),
      currency: c.currency,
      status: CONTRACT_STATUS_TITLES[c.status],
      rule: ruleOf(c),
    });
  });
}

function reportSheet(wb: ExcelJS.Workbook, r: SmeReport) {
  const ws = wb.addWorksheet(SME_SHEETS.report);
  ws.columns = [{ width: 70 }, { width: 22 }, { width: 12 }, { width: 12 }, { width: 12 }, { width: 14 }];
  const heading = [
    'Годовой отчёт о закупке товаров, работ, услуг у субъектов малого и среднего предпринимательства',
    `(ч. 21 ст. 4 Федерального закона от 18.07.2011 № 223-ФЗ; ПП РФ от 11.12.2014 № 1352)`,
    `Заказчик: ${r.company.name}, ИНН ${r.company.inn}${r.company.kpp ? `, КПП ${r.company.kpp}` : ''}`,
    `Отчётный год: ${r.year} (с ${formatRuDate(r.period_from)} по ${formatRuDate(r.period_to)}${r.partial ? ', год не окончен' : ''})`,
    `Срок размещения в ЕИС: не позднее ${formatRuDate(r.due_date)} (${r.due_reference})${
      r.filing ? `; размещён ${formatRuDate(r.filing.filed_on)}, № ${r.filing.eis_number}` : ''
    }`,
  ];
  heading.forEach((text, i) => {
    const row = ws.getRow(i + 1);
    row.getCell(1).value = text;
    if (i === 0) row.getCell(1).font = { bold: true, size: 13 };
    ws.mergeCells(i + 1, 1, i + 1, 6);
  });
  const head = ws.getRow(SME_TABLE_HEADER_ROW);
  head.values = ['Показатель', 'Стоимость, руб.', 'Договоров', 'Доля, %', 'Норматив, %', 'Выполнен'];
  head.font = bold;
  let at = SME_TABLE_HEADER_ROW + 1;
  const line = (
    title: string,
    amount: string,
    count: number,
    share?: string | null,
    quota?: string,
    met?: boolean | null,
  ) => {
    const row = ws.getRow(at++);
    row.getCell(1).value = title;
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    row.getCell(2).value = Number(amount);
    row.getCell(2).numFmt = MONEY_FORMAT;
    row.getCell(3).value = count;
    row.getCell(3).numFmt = COUNT_FORMAT;
    if (share !== undefined) {
      row.getCell(4).value = share === null ? null : Number(share);
      row.getCell(4).numFmt = PERCENT_FORMAT;
      row.getCell(5).value = Number(quota);
      row.getCell(6).value = met === null ? 'нет договоров' : met ? 'да' : 'нет';
    }
  };
  line('1. Годовой объём договоров, заключённых в отчётном году (всего)', r.total.amount, r.total.count);
  line(
    '2. Не учитываются (п. 7 Положения и ч. 4 ст. 1 Закона № 223-ФЗ), всего',
    r.excluded.amount,
    r.excluded.count,
  );
  for (const e of r.exclusions) line(`    ${e.title}`, e.amount, e.count);
  line('3. Годовой объём для расчёта долей (1 − 2)', r.base.amount, r.base.count);
  for (const [i, q] of r.quotas.entries()) {
    const f = q.code === 'sme' ? r.sme : r.sme_only;
    line(`${4 + i}. ${q.title}`, f.amount, f.count, q.share_percent, q.required_percent, q.met);
  }
  ws
    .getRow(at + 1)
    .getCell(
      1,
    ).value = `Договоры каждого показателя — на листах «${SME_SHEETS.total}», «${SME_SHEETS.excluded}», «${SME_SHEETS.base}», «${SME_SHEETS.sme}», «${SME_SHEETS.smeOnly}»; правила и их прочтение — «${SME_SHEETS.rules}».`;
  ws.mergeCells(at + 1, 1, at + 1, 6);
}

function rulesSheet(wb: ExcelJS.Workbook, r: SmeReport) {
  const ws = wb.addWorksheet(SME_SHEETS.rules);
  ws.columns = [
    { header: 'Правило', key: 'title', width: 50 },
    { header: 'Ссылка', key: 'reference', width: 36 },
    { header: 'Статус', key: 'status', width: 22 },
    { header: 'Прочтение', key: 'reading', width: 100 },
  ];
  ws.getRow(1).font = bold;
  const wrap = (row: ExcelJS.Row) => {
    row.eachCell((c) => {
      c.alignment = { wrapText: true, vertical: 'top' };
    });
  };
  wrap(ws.addRow({ title: 'Отчётный год', reference: '', status: '', reading: r.reading }));
  for (const q of r.quotas)
    wrap(
      ws.addRow({
        title: `Норматив ${q.required_percent} %: ${q.title}`,
        reference: q.reference,
        status: SME_RULE_STATUS_TITLES[q.status],
        reading: '',
      }),
    );
  for (const e of r.exclusions)
    wrap(
      ws.addRow({
        title: e.title,
        reference: e.reference,
        status: SME_RULE_STATUS_TITLES[e.status],
        reading: e.reading,
      }),
    );
  for (const n of r.notes) wrap(ws.addRow({ title: 'Примечание', reference: '', status: '', reading: n }));
}

/** The report as XLSX: the summary, a sheet of contracts per figure, the rules and notes. */
export async function smeReportXlsx(r: SmeReport, now = new Date()): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Система автоматизации закупок';
  wb.created = now;
  reportSheet(wb, r);
  const ruleOf = new Map(r.exclusions.flatMap((e) => e.contracts.map((c) => [c.id, e.title] as const)));
  contractsSheet(wb, SME_SHEETS.total, r.total.contracts, (c) => ruleOf.get(c.id) ?? '');
  contractsSheet(wb, SME_SHEETS.excluded, r.excluded.contracts, (c) => ruleOf.get(c.id) ?? '');
  contractsSheet(wb, SME_SHEETS.base, r.base.contracts);
  contractsSheet(wb, SME_SHEETS.sme, r.sme.contracts);
  contractsSheet(wb, SME_SHEETS.smeOnly, r.sme_only.contracts);
  rulesSheet(wb, r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
