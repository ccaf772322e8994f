import type { AnalyticsDashboard, AnalyticsFlag } from '@zakupki/shared';
import ExcelJS from 'exceljs';
import type { SheetColumn } from '../../kernel/xlsx/sheet-writer.js';
import { COUNT_FORMAT, DATE_FORMAT, excelDate, MONEY_FORMAT } from '../../kernel/xlsx/xlsx-formats.js';

/** The dashboard's figures as a workbook: one sheet per panel and one of the flags. */

export const ANALYTICS_SHEETS = {
  savings: 'Экономия',
  competition: 'Конкуренция',
  sme: 'Доля МСП',
  plan: 'Исполнение плана',
  deadlines: 'Сроки',
  spending: 'Расходы',
  flags: 'Красные флаги',
} as const;

const PERCENT = '0.00';
const num = (v: string | null) => (v === null ? null : Number(v));

function sheet(
  wb: ExcelJS.Workbook,
  name: string,
  title: string,
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
) {
  const ws = wb.addWorksheet(name);
  ws.addRow([title]).font = { bold: true };
  ws.addRow([]);
  const header = ws.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  columns.forEach((c, i) => {
    ws.getColumn(i + 1).width = c.width;
    if (c.numFmt) ws.getColumn(i + 1).numFmt = c.numFmt;
  });
  for (const r of rows) ws.addRow(columns.map((c) => r[c.key] ?? null));
  return ws;
}

const savingCols: SheetColumn[] = [
  { header: 'Разрез', key: 'title', width: 40 },
  { header: 'Закупок', key: 'count', width: 10, numFmt: COUNT_FORMAT },
  { header: 'НМЦД', key: 'nmcd', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Цена договоров', key: 'price', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Экономия', key: 'saving', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Экономия, %', key: 'pct', width: 12, numFmt: PERCENT },
];
const shareCols = (what: string): SheetColumn[] => [
  { header: what, key: 'key', width: 16 },
  { header: 'Наименование', key: 'title', width: 50 },
  { header: 'Сумма', key: 'amount', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Доля, %', key: 'pct', width: 10, numFmt: PERCENT },
];

export async function analyticsXlsx(
  d: AnalyticsDashboard,
  flags: AnalyticsFlag[],
  company: string,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Система автоматизации закупок';
  const period = `${company}: ${d.from} — ${d.to}`;
  const sv = (r: AnalyticsDashboard['savings']['total'], prefix = '') => ({
    title: `${prefix}${r.title}`,
    count: r.count,
    nmcd: num(r.nmcd),
    price: num(r.price),
    saving: num(r.saving),
    pct: num(r.saving_percent),
  });
  sheet(wb, ANALYTICS_SHEETS.savings, `Экономия (НМЦД и цена договоров), ${period}`, savingCols, [
    sv(d.savings.total),
    ...d.savings.by_month.map((r) => sv(r, 'Месяц ')),
    ...d.savings.by_method.map((r) => sv(r, 'Способ: ')),
  ]);
  sheet(
    wb,
    ANALYTICS_SHEETS.competition,
    `Конкуренция, ${period}. ${d.competition.available ? '' : d.competition.message}`,
    [
      { header: 'Способ', key: 'method', width: 40 },
      { header: 'Лотов', key: 'lots', width: 10 },
      { header: 'Заявок на лот', key: 'bids', width: 14 },
      { header: 'Лотов с одной заявкой, %', key: 'pct', width: 14 },
    ],
    d.competition.by_method.map((r) => ({
      method: r.method,
      lots: r.lots,
      bids: num(r.bids_per_lot),
      pct: num(r.single_bid_percent),
    })),
  );
  sheet(
    wb,
    ANALYTICS_SHEETS.sme,
    `Доля закупок у МСП за ${d.sme.year} год по ${d.sme.period_to}; годовой объём ${d.sme.base} ₽`,
    [
      { header: 'Квота', key: 'title', width: 50 },
      { header: 'Сумма', key: 'amount', width: 20, numFmt: MONEY_FORMAT },
      { header: 'Доля, %', key: 'share', width: 10, numFmt: PERCENT },
      { header: 'Требуется, %', key: 'required', width: 12, numFmt: PERCENT },
    ],
    d.sme.quotas.map((q) => ({
      title: q.title,
      amount: num(q.amount),
      share: num(q.share_percent),
      required: num(q.required_percent),
    })),
  );
  sheet(
    wb,
    ANALYTICS_SHEETS.plan,
    `Исполнение плана закупки на ${d.plan.year} год`,
    [
      { header: 'Показатель', key: 'k', width: 50 },
      { header: 'Значение', key: 'v', width: 20 },
    ],
    [
      { k: 'Позиций плана', v: d.plan.positions },
      { k: 'С закупкой', v: d.plan.with_procurement },
      { k: 'С договором', v: d.plan.with_contract },
      { k: 'Объём плана, ₽', v: num(d.plan.plan_amount) },
      { k: 'Законтрактовано, ₽', v: num(d.plan.contracted_amount) },
      { k: 'Законтрактовано, %', v: num(d.plan.contracted_percent) },
    ],
  );
  sheet(
    wb,
    ANALYTICS_SHEETS.deadlines,
    `Сроки обязанностей по месяцам, ${period}`,
    [
      { header: 'Месяц', key: 'month', width: 12 },
      { header: 'В срок', key: 'on_time', width: 10, numFmt: COUNT_FORMAT },
      { header: 'С опозданием', key: 'late', width: 14, numFmt: COUNT_FORMAT },
      { header: 'Просрочено', key: 'overdue', width: 12, numFmt: COUNT_FORMAT },
    ],
    d.deadlines.months,
  );
  const ws = sheet(
    wb,
    ANALYTICS_SHEETS.spending,
    `Расходы: всего ${d.spending.total} ₽, ${period}`,
    shareCols('Класс ОКПД2'),
    [...d.spending.okpd2.map((r) => ({ ...r, amount: num(r.amount), pct: num(r.share_percent) }))],
  );
  ws.addRow([]);
  ws.addRow(['ИНН поставщика', 'Поставщик', 'Сумма', 'Доля, %']).font = { bold: true };
  for (const r of d.spending.suppliers) ws.addRow([r.key, r.title, num(r.amount), num(r.share_percent)]);
  sheet(
    wb,
    ANALYTICS_SHEETS.flags,
    `Красные флаги, ${period}`,
    [
      { header: 'Флаг', key: 'title', width: 40 },
      { header: 'Объект', key: 'object', width: 24 },
      { header: 'Дата', key: 'date', width: 12, numFmt: DATE_FORMAT },
      { header: 'Причина', key: 'reason', width: 80 },
      { header: 'Снят (комментарий)', key: 'dismissed', width: 40 },
    ],
    flags.map((f) => ({
      title: f.title,
      object: `${f.object_type === 'contract' ? 'Договор' : 'Закупка'} ${f.object_number}`,
      date: excelDate(f.date),
      reason: f.reason,
      dismissed: f.dismissal?.comment ?? '',
    })),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}
