import { rublesInWords } from '../../lib/money-words.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { addDays, formatRuDate } from '../calendar/iso-date.js';
import { formatRub } from '../law/deadline-core.js';
import { FIELD_ALIASES } from './procurement-rules.policy.js';
import type { companyForSample } from './procurement-rules.repository.js';

type Sample = Awaited<ReturnType<typeof companyForSample>>;
type Field = { code: string; title: string; type: string; options: string[] };

/** A sample specification: two lots, goods with ОКПД2 codes and ОКЕИ units. */
const LOTS = [
  {
    number: 1,
    subject: 'Поставка канцелярских товаров',
    items: [
      ['Бумага офисная А4, 80 г/м², 500 листов', '17.12.14.129', 'упак', '200', '389.00'],
      ['Ручка шариковая синяя', '32.99.12.110', 'шт', '500', '24.50'],
      ['Папка-регистратор 75 мм', '17.23.13.193', 'шт', '120', '215.00'],
    ],
  },
  {
    number: 2,
    subject: 'Поставка расходных материалов для оргтехники',
    items: [
      ['Картридж лазерный для принтера, ресурс 3 000 страниц', '20.59.12.120', 'шт', '40', '4150.00'],
      ['Тонер для копировального аппарата, 1 кг', '20.59.12.120', 'кг', '10', '2870.00'],
    ],
  },
] as const;

const money = (kopecks: number) => formatRub((kopecks / 100).toFixed(2));
const qty = (s: string) => s.replace('.', ',');

function lots() {
  let no = 0;
  return LOTS.map((l) => {
    const items = l.items.map(([name, okpd2, unit, quantity, price]) => {
      no += 1;
      const sum = Math.round(Number(quantity) * Number(price) * 100);
      return {
        'item.no': no,
        'item.name': name,
        'item.okpd2': okpd2,
        'item.unit': unit,
        'item.quantity': qty(quantity),
        'item.price': money(Math.round(Number(price) * 100)),
        'item.sum': money(sum),
        sum,
      };
    });
    const total = items.reduce((s, i) => s + i.sum, 0);
    return { 'lot.number': l.number, 'lot.subject': l.subject, 'lot.nmcd': money(total), items, total };
  });
}

/** A sample value of a user field by its type: what a filled document will show. */
function sampleOf(f: Field, nmcd: string, today: string): string {
  switch (f.type) {
    case 'money':
      return f.code === 'nmcd' ? nmcd : money(12_345_600);
    case 'date':
      return formatRuDate(today);
    case 'number':
      return '12';
    case 'select':
      return f.options[0] ?? f.title;
    default:
      return `«${f.title}»`;
  }
}

/**
 * Values for every tag a template may use: the company's real requisites and first customer,
 * a sample procurement with two lots, and each user field filled by its type.
 */
export function sampleData(s: Sample, fields: Field[], documentTitle: string): Record<string, unknown> {
  const today = todayMoscow();
  const theLots = lots();
  const total = theLots.reduce((sum, l) => sum + l.total, 0);
  const nmcd = money(total);
  const c = s.company;
  const data: Record<string, unknown> = {
    'company.title': c?.title ?? '',
    'company.full_title': c?.fullTitle ?? c?.title ?? '',
    'company.inn': c?.inn ?? '',
    'company.kpp': c?.kpp ?? '',
    'company.ogrn': c?.ogrn ?? '',
    'company.address': c?.legalAddress ?? '',
    'company.email': c?.email ?? '',
    'company.phone': c?.phone ?? '',
    'customer.title': s.customer?.title ?? c?.title ?? '',
    'customer.inn': s.customer?.inn ?? c?.inn ?? '',
    'customer.kpp': s.customer?.kpp ?? c?.kpp ?? '',
    'customer.ogrn': s.customer?.ogrn ?? c?.ogrn ?? '',
    'customer.address': s.customer?.address ?? c?.legalAddress ?? '',
    'procurement.number': `32${today.slice(2, 4)}00000001`,
    'procurement.subject': theLots.map((l) => l['lot.subject']).join('; '),
    'procurement.method': 'Аукцион в электронной форме',
    'procurement.nmcd': nmcd,
    'procurement.date': formatRuDate(today),
    'procurement.rules_title': documentTitle,
    'procurement.nmcd_words': rublesInWords((total / 100).toFixed(2)) ?? '',
    'procurement.eis_number': `32${today.slice(2, 4)}00000001`,
    'procurement.bids_deadline': formatRuDate(addDays(today, 16)),
    'procurement.review_date': formatRuDate(addDays(today, 18)),
    'procurement.summing_up_date': formatRuDate(addDays(today, 20)),
    'procurement.notice_period': '15 календарных дней',
    'procurement.application_security': money(128_480),
    'procurement.contract_security': money(1_284_800),
    'procurement.funding_source': 'Собственные средства',
    'procurement.nmcd_method': 'Метод сопоставимых рыночных цен (анализа рынка)',
    'procurement.platform': 'АО «Единая электронная торговая площадка», https://www.roseltorg.ru',
    'plan_position.number': '15',
    'plan_position.year': today.slice(0, 4),
    'request.number': '1',
    'request.date': formatRuDate(today),
    'request.suppliers':
      'ООО «ЭлектроСнаб» (ИНН 7704123450); АО «Северная кабельная компания» (ИНН 7810456789)',
    'request.terms': 'Поставка в течение 30 дней, оплата в течение 7 рабочих дней после приёмки',
    'request.answer_until': formatRuDate(addDays(today, 7)),
    lots: theLots,
    // a single-lot template loops over the items of the first lot
    items: theLots[0].items,
  };
  for (const f of fields) data[f.code] = sampleOf(f, nmcd, today);
  // an older name reads as its system field (one naming scheme)
  for (const [old, tag] of Object.entries(FIELD_ALIASES)) data[old] = data[tag];
  return data;
}
