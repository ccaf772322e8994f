import { formatRub, SME_RULE_STATUS_TITLES, type SmeContractLine, type SmeReport } from '@zakupki/shared';
import { type Block, buildDocx } from '../../kernel/docx-builder.js';
import { formatRuDate } from '../calendar/iso-date.js';

/**
 * The report as a DOCX document (the builder of the documentation templates), which the node's
 * converter turns into PDF (`deps.pdf`, LibreOffice), as the procurement documentation is.
 */

const percent = (v: string | null) => (v === null ? '—' : `${v.replace('.', ',')} %`);
const money = (v: string, currency = 'RUB') => (currency === 'RUB' ? formatRub(v) : `${v} ${currency}`);

function contractsTable(list: SmeContractLine[]): Block {
  if (list.length === 0) return 'Договоров нет.';
  return {
    table: {
      header: ['№', 'Договор', 'Поставщик', 'МСП', 'Способ закупки', 'Цена'],
      widths: [500, 2000, 2300, 600, 2255, 1700],
      rows: list.map((c, i) => [
        String(i + 1),
        `№ ${c.number} от ${formatRuDate(c.contract_date)}${c.registry_number ? `, реестр. № ${c.registry_number}` : ''}`,
        `${c.supplier_name}, ИНН ${c.supplier_inn}`,
        c.supplier_is_sme ? 'да' : 'нет',
        c.method ?? 'не указан',
        money(c.price, c.currency),
      ]),
    },
  };
}

export function smeReportBlocks(r: SmeReport): Block[] {
  const figures: string[][] = [
    [
      'Годовой объём договоров, заключённых в отчётном году',
      money(r.total.amount),
      String(r.total.count),
      '',
      '',
    ],
    ['Не учитываются (исключения), всего', money(r.excluded.amount), String(r.excluded.count), '', ''],
    ...r.exclusions.map((e) => [`— ${e.title}`, money(e.amount), String(e.count), '', '']),
    ['Годовой объём для расчёта долей', money(r.base.amount), String(r.base.count), '', ''],
    ...r.quotas.map((q) => {
      const f = q.code === 'sme' ? r.sme : r.sme_only;
      const verdict = q.met === null ? 'нет договоров' : q.met ? 'выполнен' : 'не выполнен';
      return [
        q.title,
        money(f.amount),
        String(f.count),
        percent(q.share_percent),
        `${q.required_percent} %, ${verdict}`,
      ];
    }),
  ];
  const blocks: Block[] = [
    {
      heading: 1,
      runs: [
        'Годовой отчёт о закупке товаров, работ, услуг у субъектов малого и среднего предпринимательства',
      ],
    },
    {
      align: 'center',
      runs: ['(ч. 21 ст. 4 Федерального закона от 18.07.2011 № 223-ФЗ; ПП РФ от 11.12.2014 № 1352)'],
    },
    `Заказчик: ${r.company.name}, ИНН ${r.company.inn}${r.company.kpp ? `, КПП ${r.company.kpp}` : ''}.`,
    `Отчётный год: ${r.year} (с ${formatRuDate(r.period_from)} по ${formatRuDate(r.period_to)}${r.partial ? ', год не окончен — данные на дату формирования' : ''}).`,
    `Срок размещения в ЕИС: не позднее ${formatRuDate(r.due_date)} (${r.due_reference}).${
      r.filing
        ? ` Размещён ${formatRuDate(r.filing.filed_on)}, регистрационный номер ЕИС ${r.filing.eis_number}.`
        : ''
    }`,
    { heading: 2, runs: ['Показатели'] },
    {
      table: {
        header: ['Показатель', 'Стоимость', 'Договоров', 'Доля', 'Норматив'],
        widths: [3655, 2000, 1000, 1000, 1700],
        rows: figures,
      },
    },
    { heading: 2, runs: ['Договоры с субъектами МСП'] },
    contractsTable(r.sme.contracts),
    { heading: 2, runs: ['Договоры по закупкам только среди субъектов МСП'] },
    contractsTable(r.sme_only.contracts),
    { heading: 2, runs: ['Не учитываемые договоры'] },
    ...r.exclusions
      .filter((e) => e.count > 0)
      .flatMap((e): Block[] => [
        { runs: [{ text: `${e.title} (${e.reference})`, bold: true }] },
        contractsTable(e.contracts),
      ]),
    ...(r.excluded.count === 0 ? ['Договоров нет.'] : []),
    { heading: 2, runs: ['Годовой объём для расчёта долей'] },
    contractsTable(r.base.contracts),
    { heading: 2, runs: ['Правила и их прочтение'] },
    r.reading,
    ...r.quotas.map(
      (q) => `Норматив ${q.required_percent} % (${q.reference}) — ${SME_RULE_STATUS_TITLES[q.status]}.`,
    ),
    ...r.exclusions.map(
      (e) => `${e.title} (${e.reference}; ${SME_RULE_STATUS_TITLES[e.status]}): ${e.reading}`,
    ),
    ...r.notes,
  ];
  return blocks;
}

export function smeReportDocx(r: SmeReport): Buffer {
  return buildDocx(`Отчёт о закупках у субъектов МСП за ${r.year} год`, smeReportBlocks(r));
}
