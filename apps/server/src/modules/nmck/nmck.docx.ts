import { formatRub, NMCK_METHOD_TITLES, NMCK_SOURCE_KIND_TITLES, type Procurement } from '@zakupki/shared';
import { type Block, buildDocx } from '../../kernel/docx-builder.js';
import { moscowDay } from '../../lib/moscow-time.js';
import { formatRuDate } from '../calendar/iso-date.js';
import type { RequestRow } from './nmck.repository.js';
import type { NmckValues } from './nmck.service.js';

/**
 * The «Обоснование НМЦД» and the request letter as DOCX (the kernel's builder, as the SME report;
 * the node's LibreOffice converts the first to PDF). Every figure of the table names its source.
 */

const pct = (v: string) => `${v.replace('.', ',')} %`;
const num = (v: string) => v.replace('.', ',');

export function sourceLine(s: NmckValues['items'][number]['sources'][number]): string {
  const kind = NMCK_SOURCE_KIND_TITLES[s.kind];
  const who =
    s.kind === 'public'
      ? `${s.title ?? ''}, ${s.url ?? ''}`
      : s.kind === 'contract'
        ? `договор № ${s.contract_number ?? ''}${s.registry_number ? `, реестровый № ${s.registry_number}` : ''}, ${s.supplier_name ?? ''}, ИНН ${s.supplier_inn ?? ''}`
        : `${s.supplier_name ?? ''}, ИНН ${s.supplier_inn ?? ''}`;
  return `${kind}: ${who}`;
}

export function justificationBlocks(v: NmckValues): Block[] {
  const s = v.settings;
  const blocks: Block[] = [
    { heading: 1, align: 'center', runs: ['Обоснование начальной (максимальной) цены договора'] },
    `Закупка № ${v.procurement.number}: ${v.procurement.subject}`,
    `Метод: ${NMCK_METHOD_TITLES[v.method]}. Цены приведены ${s.vat_basis === 'with_vat' ? 'с НДС' : 'без НДС'}; цена за единицу — ${s.unit_price === 'mean' ? 'среднее арифметическое' : 'минимальная'} цена; не менее ${s.min_prices} цен; коэффициент вариации не более ${s.max_variation} %; цена старше ${s.max_age_months} мес. отмечена.`,
  ];
  for (const it of v.items) {
    blocks.push({ heading: 2, runs: [`Лот № ${it.lot_number}, позиция № ${it.line_no}: ${it.name}`] });
    blocks.push(
      `ОКПД2 ${it.okpd2_code ?? '—'}; единица: ${it.unit_name ?? it.okei_code ?? '—'}; количество ${num(it.quantity)}`,
    );
    blocks.push({
      table: {
        header: ['№', 'Источник', 'Дата', 'Цена источника', 'НДС', 'Индекс', 'Цена для расчёта'],
        widths: [400, 3200, 1100, 1300, 1000, 1300, 1300],
        rows: it.sources.map((src, i) => [
          String(i + 1),
          sourceLine(src),
          `${formatRuDate(src.source_date)}${src.old ? ' (устарела)' : ''}`,
          formatRub(src.price),
          `${src.vat_rate}, ${src.includes_vat ? 'включён' : 'не включён'}`,
          src.index ? `${num(src.index)} (${src.index_source ?? ''})` : '—',
          formatRub(src.adjusted_price),
        ]),
      },
    });
    const st = it.stats;
    blocks.push(
      `Цен: ${st.count}; средняя ${formatRub(st.mean)}; минимальная ${formatRub(st.min)}; среднее квадратичное отклонение ${formatRub(st.deviation)}; коэффициент вариации ${pct(st.variation)}.`,
    );
    blocks.push(
      it.result_unit_price && it.result_amount
        ? `Цена за единицу ${formatRub(it.result_unit_price)} × ${num(it.quantity)} = ${formatRub(it.result_amount)}.`
        : `Расчёт не выполнен: ${it.refusal ?? ''}`,
    );
  }
  blocks.push({ heading: 2, runs: ['Итог'] });
  blocks.push({
    table: {
      header: ['Лот', 'Предмет', 'НМЦД по обоснованию'],
      widths: [800, 5800, 2000],
      rows: v.lots.map((l) => [String(l.number), l.subject, l.result_nmcd ? formatRub(l.result_nmcd) : '—']),
    },
  });
  blocks.push({
    runs: [
      { text: `НМЦД закупки: ${v.result_nmcd ? formatRub(v.result_nmcd) : 'не определена'}`, bold: true },
    ],
  });
  return blocks;
}

export const justificationDocx = (v: NmckValues) => buildDocx('Обоснование НМЦД', justificationBlocks(v));

/** The `request.*` values of a version's letter template (system fields of procurement-rules). */
export function requestValues(r: RequestRow): Record<string, string> {
  return {
    'request.number': String(r.number),
    'request.date': formatRuDate(moscowDay(r.createdAt)),
    'request.suppliers': r.suppliers.map((s) => `${s.name} (ИНН ${s.inn})`).join('; '),
    'request.terms': r.terms ?? 'Условия поставки и оплаты — по проекту договора.',
    'request.answer_until': r.answerUntil ? formatRuDate(r.answerUntil) : 'в разумный срок',
  };
}

/** The built-in request for commercial offers: the items, quantities and terms, to the chosen suppliers. */
export function requestLetterDocx(p: Procurement, r: RequestRow, companyTitle: string): Buffer {
  const blocks: Block[] = [
    {
      align: 'right',
      runs: [r.suppliers.map((s) => `${s.name} (ИНН ${s.inn})`).join('; ')],
    },
    { heading: 1, align: 'center', runs: [`Запрос коммерческого предложения № ${r.number}`] },
    `${companyTitle} просит представить коммерческое предложение на поставку (выполнение, оказание) по закупке «${p.subject}»: цену за единицу каждой позиции с указанием, включён ли НДС, и срок действия предложения.`,
    {
      table: {
        header: ['№', 'Наименование', 'ОКПД2', 'Ед. изм.', 'Количество'],
        widths: [500, 4500, 1500, 1100, 1100],
        rows: p.lots.flatMap((l) =>
          l.items.map((it, i) => [
            p.lots.length > 1 ? `${l.number}.${i + 1}` : String(i + 1),
            it.name,
            it.okpd2_code ?? '—',
            it.unit_name ?? it.okei_code ?? '—',
            num(it.quantity),
          ]),
        ),
      },
    },
    r.terms ? `Условия: ${r.terms}` : 'Условия поставки и оплаты — по проекту договора.',
    r.answerUntil
      ? `Просим направить ответ до ${formatRuDate(r.answerUntil)}.`
      : 'Просим направить ответ в разумный срок.',
    'Настоящий запрос не является офертой и не влечёт обязательств по заключению договора.',
  ];
  return buildDocx(`Запрос коммерческого предложения № ${r.number}`, blocks);
}
