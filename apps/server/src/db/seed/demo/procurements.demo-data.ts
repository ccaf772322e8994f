import type { procurements } from '../../schema/index.js';

/**
 * The demo procurements of a client company (procurements.demo-seed.ts): subjects, lots and items
 * (real ОКПД2 codes, ОКЕИ units, unit prices with VAT 22 %), each tied to a position of the demo
 * plan by the position's subject. The concluded one is made from a contract of the register.
 */

export type Status = (typeof procurements.$inferSelect)['status'];
/** [name, ОКПД2, ОКЕИ code, unit, quantity, unit price with VAT] */
export type Item = [string, string, string, string, string, string];
export type Spec = {
  status: Status;
  method: string;
  subject: string;
  subjectType: 'goods' | 'works' | 'services';
  /** the company's plan position whose subject starts with this */
  position: string | null;
  fromPlan?: boolean;
  lots: { subject: string; items: Item[] }[];
  delivery: { term: string; warranty: string; payment: string };
};

export const VAT = '22%';
export const FIRE = 'Техническое обслуживание систем пожарной сигнализации';
const CLEANING = 'Оказание услуг по уборке помещений';
const INSURANCE = 'Страхование имущества';
export const PAYMENT = 'Оплата в течение 7 рабочих дней с даты подписания документа о приёмке';

export const SPECS: Spec[] = [
  {
    status: 'draft',
    method: 'e_auction',
    subject: 'Поставка моторного топлива для автотранспорта',
    subjectType: 'goods',
    position: null,
    lots: [
      {
        subject: 'Поставка моторного топлива для автотранспорта',
        items: [
          ['Бензин автомобильный АИ-95-К5', '19.20.21.100', '112', 'л', '18000', '64.50'],
          ['Топливо дизельное ДТ-Е-К5', '19.20.21.300', '112', 'л', '24000', '72.30'],
        ],
      },
    ],
    delivery: { term: 'С 1 января по 31 декабря, по заявкам заказчика', warranty: '0', payment: PAYMENT },
  },
  {
    status: 'documentation_ready',
    method: 'e_proposal',
    subject: FIRE,
    subjectType: 'services',
    position: FIRE,
    lots: [
      {
        subject: FIRE,
        items: [
          [
            'Ежемесячное техническое обслуживание автоматической пожарной сигнализации',
            '80.20.10.000',
            '876',
            'усл. ед',
            '12',
            '68500.00',
          ],
          [
            'Техническое обслуживание системы оповещения и управления эвакуацией',
            '80.20.10.000',
            '876',
            'усл. ед',
            '12',
            '24500.00',
          ],
        ],
      },
    ],
    delivery: { term: '12 месяцев с даты заключения договора', warranty: '6', payment: PAYMENT },
  },
  {
    status: 'published',
    method: 'e_auction',
    subject: CLEANING,
    subjectType: 'services',
    position: CLEANING,
    fromPlan: true,
    lots: [
      {
        subject: CLEANING,
        items: [
          [
            'Ежедневная влажная уборка административных помещений',
            '81.21.10.000',
            '055',
            'м2',
            '1650',
            '980.00',
          ],
          ['Генеральная уборка помещений', '81.21.10.000', '055', 'м2', '1650', '240.00'],
        ],
      },
    ],
    delivery: { term: 'С 1 января по 31 декабря следующего года', warranty: '0', payment: PAYMENT },
  },
  {
    status: 'bids_closed',
    method: 'e_quotation',
    subject: 'Страхование имущества (здания и сооружения)',
    subjectType: 'services',
    position: INSURANCE,
    lots: [
      {
        subject: 'Страхование имущества (здания и сооружения)',
        items: [
          [
            'Страхование зданий и сооружений от огня и иных опасностей',
            '65.12.50.000',
            '876',
            'усл. ед',
            '1',
            '380000.00',
          ],
        ],
      },
    ],
    delivery: { term: '12 месяцев с даты начала действия полиса', warranty: '0', payment: PAYMENT },
  },
  {
    status: 'summing_up',
    method: 'e_tender',
    subject: 'Страхование транспортных средств (КАСКО)',
    subjectType: 'services',
    position: INSURANCE,
    lots: [
      {
        subject: 'Страхование легковых автомобилей',
        items: [['Страхование легкового автомобиля (КАСКО)', '65.12.29.000', '796', 'шт', '6', '38500.00']],
      },
      {
        subject: 'Страхование грузовых автомобилей и спецтехники',
        items: [['Страхование грузового автомобиля (КАСКО)', '65.12.29.000', '796', 'шт', '3', '52000.00']],
      },
    ],
    delivery: { term: '12 месяцев с даты начала действия полисов', warranty: '0', payment: PAYMENT },
  },
  // contract_concluded: made from a recent contract of the register (see concludedSpec)
  {
    status: 'cancelled',
    method: 'e_auction',
    subject: FIRE,
    subjectType: 'services',
    position: FIRE,
    lots: [
      {
        subject: FIRE,
        items: [
          [
            'Ежемесячное техническое обслуживание автоматической пожарной сигнализации',
            '80.20.10.000',
            '876',
            'усл. ед',
            '12',
            '71000.00',
          ],
        ],
      },
    ],
    delivery: { term: '12 месяцев с даты заключения договора', warranty: '6', payment: PAYMENT },
  },
  {
    status: 'failed',
    method: 'e_tender',
    subject: CLEANING,
    subjectType: 'services',
    position: CLEANING,
    lots: [
      {
        subject: CLEANING,
        items: [
          [
            'Ежедневная влажная уборка административных помещений',
            '81.21.10.000',
            '055',
            'м2',
            '1650',
            '1010.00',
          ],
          ['Мойка окон и фасадного остекления', '81.21.10.000', '055', 'м2', '620', '310.00'],
        ],
      },
    ],
    delivery: { term: 'С 1 января по 31 декабря следующего года', warranty: '0', payment: PAYMENT },
  },
];
