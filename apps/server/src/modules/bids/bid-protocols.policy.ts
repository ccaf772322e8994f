import {
  BID_ADMISSION_TITLES,
  BID_PROTOCOL_KIND_TITLES,
  type BidProtocolKind,
  COMMISSION_ROLE_TITLES,
  type ProcurementResults,
} from '@zakupki/shared';
import type { Block } from '../../kernel/docx-builder.js';
import { ruMoney, ruNumber } from './bids.policy.js';

/**
 * The protocols of a procurement's bids as documents (docs/bids.md «Protocols»): the document kind
 * of the Положение's documents rules each kind is generated from, the data its template is filled
 * with (every tag below has a value, so none is left), and the built-in template used when the
 * version has no rule with a template for the kind. Pure; tested in bid-protocols.policy.test.ts.
 */

/** The documents rule kind (catalogue `document_kind` code) of each protocol. */
export const PROTOCOL_DOCUMENT_KINDS: Record<BidProtocolKind, string> = {
  opening: 'protocol_opening',
  review: 'protocol_review',
  evaluation: 'protocol_evaluation',
  final: 'protocol_results',
};

/** The procurement protocol kind a signed one is recorded as (procurements' `procurement_protocols.kind`). */
export const RECORDED_KIND = {
  opening: 'opening',
  review: 'review',
  evaluation: 'evaluation',
  final: 'summing_up',
} as const;

export type ProtocolFacts = {
  kind: BidProtocolKind;
  /** the day of the protocol (the generation day; the signing day is recorded when signed) */
  date: string;
  procurement: {
    number: string;
    notice_number: string | null;
    subject: string;
    method: string;
    nmcd: string;
    customer: string;
  };
  results: ProcurementResults;
};

const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const ruDateTime = (iso: string) => {
  const d = new Date(iso);
  const msk = new Date(d.getTime() + 3 * 3600_000).toISOString();
  return `${ruDate(msk.slice(0, 10))} ${msk.slice(11, 16)}`;
};

const OUTCOME_TEXT = {
  none: 'Не подано ни одной заявки. Закупка признана несостоявшейся.',
  no_admitted: 'Все заявки отклонены. Закупка признана несостоявшейся.',
} as const;

/** The lot's result in words, for the protocol. */
export function lotOutcomeText(lot: ProcurementResults['lots'][number]): string {
  const ev = lot.evaluation;
  if (ev.outcome === 'none' || ev.outcome === 'no_admitted') return OUTCOME_TEXT[ev.outcome];
  const winner = lot.bids.find((b) => b.id === ev.winner_bid_id);
  if (ev.outcome === 'single')
    return winner
      ? `Допущена одна заявка: закупка признана несостоявшейся, договор заключается с единственным участником ${winner.participant_name} (ИНН ${winner.participant_inn}) по цене ${ruMoney(winner.price)} руб.`
      : 'Допущена одна заявка: закупка признана несостоявшейся, договор по положению о закупке не заключается.';
  return winner
    ? `Победитель: ${winner.participant_name} (ИНН ${winner.participant_inn}), цена договора ${ruMoney(winner.price)} руб.`
    : 'Оценка заявок не завершена.';
}

/** Does the procurement end without a contract on every lot («не состоялась»)? With the reason. */
export function failedOutcome(results: ProcurementResults): string | null {
  const noWinner = results.lots.filter((l) => l.evaluation.winner_bid_id === null);
  if (results.lots.length === 0 || noWinner.length < results.lots.length) return null;
  return results.lots
    .map((l) => `Лот № ${l.number}: ${l.evaluation.outcome_note ?? 'победитель не определён'}`)
    .join('; ');
}

/** The data of the protocol's template: every tag of the built-in templates (and docs/bids.md) has a value. */
export function protocolData(f: ProtocolFacts): Record<string, unknown> {
  const r = f.results;
  const criteriaText =
    r.method.ranking === 'price'
      ? 'Заявки ранжируются по цене (наименьшая цена — первое место)'
      : r.settings.criteria.map((c) => `${c.title} — ${c.weight} %`).join('; ');
  return {
    'protocol.title': BID_PROTOCOL_KIND_TITLES[f.kind],
    'protocol.date': ruDate(f.date),
    'procurement.number': f.procurement.number,
    'procurement.notice_number': f.procurement.notice_number ?? 'не присвоен',
    'procurement.subject': f.procurement.subject,
    'procurement.method': f.procurement.method,
    'procurement.nmcd': ruMoney(f.procurement.nmcd),
    'customer.title': f.procurement.customer,
    'evaluation.criteria': criteriaText,
    'evaluation.preference': r.settings.national_preference_percent
      ? `Применяется приоритет товаров российского происхождения: оценочная цена заявки снижается на ${ruNumber(r.settings.national_preference_percent)} %`
      : 'Приоритет товаров российского происхождения не применяется',
    commission: r.commission.map((m) => ({
      'member.name': m.name,
      'member.role': COMMISSION_ROLE_TITLES[m.role],
    })),
    'commission.count': String(r.commission.length),
    lots: r.lots.map((l) => {
      const evals = new Map(l.evaluation.bids.map((e) => [e.bid_id, e]));
      const ordered = [...l.bids].sort((a, b) => {
        const ra = evals.get(a.id)?.rank ?? 1e9;
        const rb = evals.get(b.id)?.rank ?? 1e9;
        return f.kind === 'evaluation' || f.kind === 'final'
          ? ra - rb || Date.parse(a.received_at) - Date.parse(b.received_at)
          : Date.parse(a.received_at) - Date.parse(b.received_at);
      });
      return {
        'lot.number': String(l.number),
        'lot.subject': l.subject,
        'lot.nmcd': ruMoney(l.nmcd),
        'lot.bids_count': String(l.bids.length),
        'lot.outcome': lotOutcomeText(l),
        bids: ordered.map((b, i) => {
          const e = evals.get(b.id);
          return {
            'bid.no': String(i + 1),
            'bid.participant': b.participant_name,
            'bid.inn': `${b.participant_inn}${b.participant_kpp ? ` / ${b.participant_kpp}` : ''}`,
            'bid.sme': b.participant_is_sme ? 'да' : 'нет',
            'bid.received': ruDateTime(b.received_at),
            'bid.price': ruMoney(b.price),
            'bid.country': b.country_name ?? b.country_code ?? 'не указана',
            'bid.admission': BID_ADMISSION_TITLES[b.admission],
            'bid.reason':
              b.admission === 'rejected'
                ? [b.rejection_reason_title, b.admission_comment].filter(Boolean).join('. ')
                : '—',
            'bid.evaluation_price': e ? ruMoney(e.evaluation_price) : '—',
            'bid.scores': e
              ? e.criteria.length
                ? e.criteria
                    .map((c) => `${c.title}: ${c.score === null ? '—' : ruNumber(c.score)}`)
                    .join('; ')
                : 'по цене'
              : '—',
            'bid.total': e?.total != null ? ruNumber(e.total) : '—',
            'bid.rank': e?.rank ? String(e.rank) : '—',
          };
        }),
      };
    }),
  };
}

const BID_TABLES: Record<BidProtocolKind, { header: string[]; cells: string[]; widths: number[] }> = {
  opening: {
    header: ['№', 'Участник', 'ИНН / КПП', 'МСП', 'Получена', 'Цена, ₽', 'Страна происхождения'],
    cells: ['bid.no', 'bid.participant', 'bid.inn', 'bid.sme', 'bid.received', 'bid.price', 'bid.country'],
    widths: [500, 2600, 1700, 600, 1400, 1400, 1400],
  },
  review: {
    header: ['№', 'Участник', 'ИНН / КПП', 'Решение', 'Основание отклонения'],
    cells: ['bid.no', 'bid.participant', 'bid.inn', 'bid.admission', 'bid.reason'],
    widths: [500, 2800, 1800, 1300, 3200],
  },
  evaluation: {
    header: ['Место', 'Участник', 'Цена, ₽', 'Оценочная цена, ₽', 'Баллы по критериям', 'Итог'],
    cells: ['bid.rank', 'bid.participant', 'bid.price', 'bid.evaluation_price', 'bid.scores', 'bid.total'],
    widths: [700, 2400, 1400, 1400, 2800, 900],
  },
  final: {
    header: ['Место', 'Участник', 'Решение', 'Цена, ₽', 'Баллы по критериям', 'Итог'],
    cells: ['bid.rank', 'bid.participant', 'bid.admission', 'bid.price', 'bid.scores', 'bid.total'],
    widths: [700, 2400, 1200, 1400, 3000, 900],
  },
};

/** The built-in template of a protocol kind (kernel/docx-builder.ts blocks with its tags). */
export function builtInProtocol(kind: BidProtocolKind): Block[] {
  const t = BID_TABLES[kind];
  const cells = t.cells.map((c) => `{${c}}`);
  cells[0] = `{#bids}${cells[0]}`;
  cells[cells.length - 1] = `${cells[cells.length - 1]}{/bids}`;
  return [
    { runs: ['{protocol.title}'], heading: 1 },
    { runs: ['закупки № {procurement.number} (извещение № {procurement.notice_number})'], align: 'center' },
    { runs: ['Дата: {protocol.date}'], align: 'right' },
    { runs: [{ text: 'Заказчик: ', bold: true }, '{customer.title}'] },
    { runs: [{ text: 'Предмет закупки: ', bold: true }, '{procurement.subject}'] },
    { runs: [{ text: 'Способ закупки: ', bold: true }, '{procurement.method}'] },
    { runs: [{ text: 'Начальная (максимальная) цена договора: ', bold: true }, '{procurement.nmcd} руб.'] },
    ...(kind === 'evaluation' || kind === 'final'
      ? [
          { runs: [{ text: 'Критерии оценки: ', bold: true }, '{evaluation.criteria}'] },
          { runs: ['{evaluation.preference}'] },
        ]
      : []),
    { runs: ['Состав комиссии (членов: {commission.count}):'], heading: 2 },
    {
      table: {
        header: ['Член комиссии', 'Роль'],
        rows: [['{#commission}{member.name}', '{member.role}{/commission}']],
        widths: [5000, 4600],
      },
    },
    '{#lots}',
    {
      runs: ['Лот № {lot.number}: {lot.subject} (НМЦД {lot.nmcd} руб., заявок: {lot.bids_count})'],
      heading: 2,
    },
    { table: { header: t.header, rows: [cells], widths: t.widths } },
    ...(kind === 'opening' ? [] : [{ runs: [{ text: 'Результат: ', bold: true }, '{lot.outcome}'] }]),
    '{/lots}',
    { runs: ['Подписи членов комиссии:'], heading: 2 },
    '{#commission}',
    '{member.role} ____________________ {member.name}',
    '{/commission}',
  ];
}
