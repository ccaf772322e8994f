import type { ProcurementStatus } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import type { EisNoticeLot } from '../../kernel/eis/eis223-procurement.types.js';
import {
  lotItems,
  type MethodEntry,
  newMethodEntry,
  noticeStatus,
  pickMethod,
  protocolKindOf,
  statusAfter,
  subjectTypeOf,
  sumMoney,
} from './eis-procurement.policy.js';

const m = (
  id: number,
  code: string,
  title: string,
  extra: Record<string, unknown>,
  companyId: number | null = null,
) => ({ id, code, title, companyId, extra }) satisfies MethodEntry;
const SME = 'участниками которого могут являться только субъекты малого и среднего предпринимательства';
// the seed's forms (modules/catalogs/seed/catalogs.data.ts): the flags the law reads the kind from
const FORM: Record<string, string> = {
  open_tender: 'competition',
  e_tender: 'competition',
  closed_tender: 'competition',
  e_auction: 'auction',
  e_quotation: 'quotation_request',
  closed_quotation: 'quotation_request',
  e_quotation_sme: 'quotation_request',
  single_supplier: 'single_supplier',
};
const seeded = (e: MethodEntry): MethodEntry => ({
  ...e,
  extra: { ...e.extra, form: FORM[e.code], closed: e.code.startsWith('closed_') },
});
// the seed's catalogue (modules/catalogs/seed/catalogs.data.ts), in part
const CATALOGUE: MethodEntry[] = [
  m(1, 'open_tender', 'Открытый конкурс', { competitive: true, electronic: false, sme_only: false }),
  m(2, 'e_tender', 'Конкурс в электронной форме', { competitive: true, electronic: true, sme_only: false }),
  m(3, 'closed_tender', 'Закрытый конкурс', { competitive: true, electronic: false, sme_only: false }),
  m(4, 'e_auction', 'Аукцион в электронной форме', { competitive: true, electronic: true, sme_only: false }),
  m(5, 'e_quotation', 'Запрос котировок в электронной форме', {
    competitive: true,
    electronic: true,
    sme_only: false,
  }),
  m(6, 'closed_quotation', 'Закрытый запрос котировок', {
    competitive: true,
    electronic: false,
    sme_only: false,
  }),
  m(7, 'e_quotation_sme', `Запрос котировок в электронной форме, ${SME}`, {
    competitive: true,
    electronic: true,
    sme_only: true,
  }),
  m(8, 'single_supplier', 'Закупка у единственного поставщика (исполнителя, подрядчика)', {
    competitive: false,
    electronic: false,
    sme_only: false,
  }),
].map(seeded);

describe('the catalogue method of a notice', () => {
  it.each([
    // kind, name, electronic, SME-only → entry code (null: not in the catalogue)
    ['quotation_request', 'Открытый запрос цен в электронной форме', true, true, 'e_quotation_sme'],
    ['quotation_request', 'Запрос котировок в электронной форме', true, false, 'e_quotation'],
    ['quotation_request', 'Закрытый запрос котировок', false, false, 'closed_quotation'],
    ['quotation_request', 'Запрос котировок', false, false, null],
    ['competition', 'Открытый одноэтапный конкурс', false, false, 'open_tender'],
    ['competition', 'Открытый конкурс в электронной форме', true, false, 'e_tender'],
    ['auction', 'Иной способ', true, false, 'e_auction'],
    ['single_supplier', 'Закупка у единственного поставщика', false, false, 'single_supplier'],
    ['other', 'Маркетинговые исследования', false, false, null],
  ] as const)('%s «%s» (electronic %s, SME %s) → %s', (kind, name, electronic, smeOnly, code) => {
    expect(pickMethod(CATALOGUE, { kind, name, electronic, smeOnly })?.code ?? null).toBe(code);
  });

  it('an entry titled exactly as the notice names the method wins; the company’s own before the global', () => {
    const own = m(9, 'eis_x', 'Запрос котировок', { electronic: false }, 42);
    expect(
      pickMethod([...CATALOGUE, own], {
        kind: 'quotation_request',
        name: 'запрос  котировок',
        electronic: false,
        smeOnly: false,
      })?.id,
    ).toBe(9);
    expect(
      pickMethod([...CATALOGUE, own], {
        kind: 'other',
        name: 'Запрос котировок',
        electronic: true,
        smeOnly: false,
      })?.id,
    ).toBe(9);
  });

  it('an entry an earlier import added (another customer’s «Запрос цен») never stands in by kind and flags', () => {
    const imported = m(
      10,
      'eis_y',
      'Запрос цен',
      { competitive: true, electronic: false, sme_only: false, source: 'eis' },
      42,
    );
    const wanted = { kind: 'quotation_request', electronic: false, smeOnly: false } as const;
    expect(pickMethod([...CATALOGUE, imported], { ...wanted, name: 'Запрос котировок' })).toBeNull();
    expect(pickMethod([...CATALOGUE, imported], { ...wanted, name: 'запрос цен' })?.id).toBe(10);
  });

  it('a method the catalogue lacks is added under the notice’s name, with a stable code', () => {
    const a = newMethodEntry({
      kind: 'quotation_request',
      name: 'Запрос котировок',
      electronic: false,
      smeOnly: false,
    });
    expect(a).toMatchObject({
      title: 'Запрос котировок',
      extra: { competitive: true, electronic: false, sme_only: false, source: 'eis' },
    });
    expect(a.code).toMatch(/^eis_[0-9a-f]{10}$/);
    expect(
      newMethodEntry({
        kind: 'quotation_request',
        name: ' запрос  КОТИРОВОК ',
        electronic: false,
        smeOnly: false,
      }).code,
    ).toBe(a.code);
    expect(newMethodEntry({ kind: 'other', name: null, electronic: false, smeOnly: false })).toMatchObject({
      title: 'Иной способ закупки',
      extra: { competitive: false },
    });
  });
});

describe('the kind of a protocol', () => {
  it.each([
    ['purchaseProtocol', 'Протокол вскрытия конвертов', 'opening', false],
    ['purchaseProtocol', 'Протокол открытия доступа к заявкам', 'opening', false],
    ['purchaseProtocol', 'Протокол рассмотрения заявок', 'review', false],
    ['purchaseProtocol', 'Протокол оценки и сопоставления заявок', 'evaluation', false],
    ['purchaseProtocol', 'Протокол рассмотрения и оценки котировочных заявок', 'summing_up', true],
    ['purchaseProtocol', 'Итоговый протокол', 'summing_up', true],
    ['purchaseProtocol', 'Протокол подведения итогов', 'summing_up', true],
    ['purchaseProtocol', 'Протокол об уклонении участника', 'other', false],
    ['purchaseProtocol', null, 'other', false],
    ['purchaseProtocolPAEP', null, 'summing_up', true],
    ['purchaseProtocolVK', null, 'opening', false],
    ['purchaseProtocolRZ1AE', 'Протокол подведения итогов', 'review', false],
    ['purchaseProtocolOSZ', null, 'evaluation', false],
    ['purchaseProtocolSummingupAESMBO', null, 'summing_up', true],
    ['purchaseProtocolEvasionKESMBO', null, 'other', false],
  ] as const)('%s «%s» → %s (final %s)', (form, typeName, kind, final) => {
    expect(protocolKindOf(form, typeName)).toEqual({ kind, final });
  });
});

describe('statuses', () => {
  it.each([
    ['draft', 'published', 'published'],
    ['documentation_ready', 'published', 'published'],
    ['published', 'published', null],
    ['published', 'bids_closed', 'bids_closed'],
    ['published', 'summing_up', 'summing_up'],
    ['summing_up', 'bids_closed', null],
    ['bids_closed', 'published', null],
    ['published', 'cancelled', 'cancelled'],
    ['contract_concluded', 'cancelled', null],
    ['cancelled', 'published', null],
    ['failed', 'summing_up', null],
  ] as [ProcurementStatus, ProcurementStatus, ProcurementStatus | null][])(
    '%s + %s → %s',
    (from, to, next) => {
      expect(statusAfter(from, to)).toBe(next);
    },
  );

  it('a notice is cancelled when the EIS says so: status A, or every lot cancelled', () => {
    const lot = (cancelled: boolean | null) => ({ cancelled }) as EisNoticeLot;
    expect(noticeStatus({ status: 'P', lots: [lot(false)] })).toBe('published');
    expect(noticeStatus({ status: 'A', lots: [lot(false)] })).toBe('cancelled');
    expect(noticeStatus({ status: 'P', lots: [lot(true), lot(true)] })).toBe('cancelled');
    expect(noticeStatus({ status: 'P', lots: [lot(true), lot(null)] })).toBe('published');
    expect(noticeStatus({ status: null, lots: [] })).toBe('published');
  });
});

describe('subject and items', () => {
  it.each([
    [['41.20.20.310'], 'works'],
    [['26.20.11.110', '26.20.15.000'], 'goods'],
    [['62.01.11.000', '26.20.11.110', '62.02.20.000'], 'services'],
    [['33.12.11.000'], 'services'],
    [[null, '62.01.11.000'], 'services'],
    [[null], 'goods'],
  ] as [(string | null)[], string][])('%j → %s', (codes, kind) => {
    expect(subjectTypeOf(codes)).toBe(kind);
  });

  const item = (o: Partial<EisNoticeLot['items'][number]>) => ({
    ordinalNumber: null,
    okpd2Code: null,
    okpd2Name: null,
    okdpCode: null,
    okved2Code: null,
    okeiCode: '796',
    okeiName: 'Штука',
    qty: null,
    additionalInfo: null,
    ...o,
  });
  const lot = (items: EisNoticeLot['items']): EisNoticeLot => ({
    ordinalNumber: 1,
    guid: null,
    subject: 'Поставка  бумаги\nдля офиса',
    currencyCode: 'RUB',
    initialSum: null,
    smeOnly: null,
    cancelled: null,
    planInfo: null,
    items,
  });

  it('one item: the lot’s subject, unit price = НМЦД / quantity (half up), amount = НМЦД', () => {
    const r = lotItems(lot([item({ qty: '3' })]), 1, '100.00');
    expect(r.items).toEqual([
      expect.objectContaining({
        lineNo: 1,
        name: 'Поставка бумаги для офиса',
        quantity: '3',
        unitPrice: '33.33',
        amount: '100.00',
      }),
    ]);
    expect(r.warnings).toEqual([]);
    expect(lotItems(lot([item({ qty: '3' })]), 1, '200.00').items[0].unitPrice).toBe('66.67');
    expect(lotItems(lot([item({ qty: '0.698' })]), 1, '3077055.86').items[0].unitPrice).toBe('4408389.48');
  });

  it('no quantity: 1, and said so', () => {
    const r = lotItems(lot([item({})]), 2, '50.00');
    expect(r.items[0]).toMatchObject({ quantity: '1', unitPrice: '50.00', amount: '50.00' });
    expect(r.warnings).toEqual(['лот 2, позиция 1: количество в извещении не указано — принято 1']);
  });

  it('several items: no prices made up (0), the lot says so; names from the item', () => {
    const r = lotItems(
      lot([
        item({ ordinalNumber: 1, qty: '10', additionalInfo: 'Бумага А4\n500 листов' }),
        item({ ordinalNumber: 2, qty: '5', okpd2Name: 'Бумага для печати' }),
        item({ ordinalNumber: 3, qty: '1' }),
      ]),
      1,
      '1000.00',
    );
    expect(r.items.map((i) => [i.lineNo, i.name, i.unitPrice, i.amount])).toEqual([
      [1, 'Бумага А4 500 листов', '0.00', '0.00'],
      [2, 'Бумага для печати', '0.00', '0.00'],
      [3, 'Позиция 3 лота 1', '0.00', '0.00'],
    ]);
    expect(r.warnings).toEqual([
      'лот 1: цены позиций в извещении не указаны — укажите их в карточке закупки',
    ]);
  });

  it('НМЦД is the sum of the lots, to the kopeck', () => {
    expect(sumMoney(['3077055.86', '0.14', '100'])).toBe('3077156.00');
    expect(sumMoney([])).toBe('0.00');
  });
});
