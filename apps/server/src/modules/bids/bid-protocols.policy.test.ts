import type { ProcurementResults } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { builtInProtocol, failedOutcome, lotOutcomeText, protocolData } from './bid-protocols.policy.js';

/** Every tag of the built-in templates has a value in the protocol's data, so none is left. */

const bid = {
  id: 7,
  procurement_id: 1,
  lot_id: 3,
  lot_number: 1,
  participant_inn: '7736050003',
  participant_kpp: null,
  participant_name: 'ООО «Бета»',
  participant_address: null,
  participant_is_sme: true,
  received_at: '2026-11-05T06:00:00.000Z',
  price: '90000.00',
  country_code: '643',
  country_name: 'Россия',
  russian_goods: true,
  items: [],
  files: [],
  source: 'manual' as const,
  eis_protocol_id: null,
  eis_application_number: null,
  eis_place: null,
  eis_winner_code: null,
  eis_result: null,
  admission: 'admitted' as const,
  rejection_reason: null,
  rejection_reason_title: null,
  admission_comment: null,
  admission_decided_at: null,
  rnp: { checked: false, found: null, message: null },
  created_at: '2026-11-05T06:00:00.000Z',
};

const results = (winner: number | null, outcome: 'single' | 'none' | 'competitive'): ProcurementResults => ({
  procurement_id: 1,
  procurement_status: 'bids_closed',
  bids_stage: 'open',
  bids_open: true,
  can_write: true,
  method: { id: 1, title: 'Конкурс в электронной форме', ranking: 'score' },
  settings: {
    source: 'default',
    rule_version_id: 1,
    criteria: [{ code: 'price', title: 'Цена договора', weight: 100 }],
    national_preference_percent: null,
    single_participant: 'contract',
  },
  commission: [{ name: 'Алексеев А. А.', role: 'chair' }],
  lots: [
    {
      id: 3,
      number: 1,
      subject: 'Кабель',
      nmcd: '90000.00',
      items: [],
      bids: outcome === 'none' ? [] : [bid],
      contract: null,
      evaluation: {
        lot_id: 3,
        ranking: 'score',
        criteria: [{ code: 'price', title: 'Цена договора', weight: 100 }],
        national_preference_percent: null,
        bids: [],
        complete: true,
        winner_bid_id: winner,
        outcome,
        outcome_note: outcome === 'none' ? 'Закупка не состоялась: не подано ни одной заявки' : null,
      },
    },
  ],
  protocols: [],
  eis_applications_pending: 0,
});

const tagsOf = (blocks: ReturnType<typeof builtInProtocol>) =>
  [...JSON.stringify(blocks).matchAll(/\{([#/]?)([\w.]+)\}/g)].map((m) => m[2]);

describe('protocol templates and data', () => {
  it.each(['opening', 'review', 'evaluation', 'final'] as const)('%s: each tag has its value', (kind) => {
    const data = protocolData({
      kind,
      date: '2026-11-26',
      procurement: {
        number: 'З-1',
        notice_number: null,
        subject: 'Кабель',
        method: 'Конкурс',
        nmcd: '90000.00',
        customer: 'АО «Энергосеть»',
      },
      results: results(7, 'single'),
    });
    const lot = (data.lots as Record<string, unknown>[])[0];
    const scope = {
      ...data,
      ...lot,
      ...(lot.bids as Record<string, unknown>[])[0],
      ...(data.commission as Record<string, unknown>[])[0],
    };
    const missing = tagsOf(builtInProtocol(kind)).filter((tag) => !(tag in scope));
    expect(missing).toEqual([]);
    expect(data['procurement.notice_number']).toBe('не присвоен');
    expect(data['procurement.nmcd']).toBe('90 000,00');
  });

  it('says the outcome of a lot and whether the procurement fails', () => {
    expect(lotOutcomeText(results(7, 'single').lots[0])).toBe(
      'Допущена одна заявка: закупка признана несостоявшейся, договор заключается с единственным участником ООО «Бета» (ИНН 7736050003) по цене 90 000,00 руб.',
    );
    expect(failedOutcome(results(7, 'single'))).toBeNull();
    expect(failedOutcome(results(null, 'none'))).toBe(
      'Лот № 1: Закупка не состоялась: не подано ни одной заявки',
    );
  });
});
