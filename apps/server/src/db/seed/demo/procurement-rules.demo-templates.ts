import { type Block, buildDocx } from '../../../kernel/docx-builder.js';

/**
 * The DOCX templates of the demo documents rules, written for this project: извещение,
 * документация о закупке, проект договора, обоснование НМЦД, техническое задание. Tags are the
 * system fields, the one naming scheme ({customer.title}, {procurement.nmcd}, {company.inn}…), and
 * user fields of the user-fields catalogue for what the system does not know ({delivery_place},
 * {vat_rate}…); the specification is a table row loop
 * {#items}…{/items}. `npm run` nothing: they are built at seed time (same blocks, same bytes).
 */

const SPEC: Block = {
  table: {
    header: [
      '№',
      'Наименование товара, работы, услуги',
      'ОКПД2',
      'Ед. изм.',
      'Кол-во',
      'Цена за ед., ₽',
      'Стоимость, ₽',
    ],
    rows: [
      [
        '{#items}{item.no}',
        '{item.name}',
        '{item.okpd2}',
        '{item.unit}',
        '{item.quantity}',
        '{item.price}',
        '{item.sum}{/items}',
      ],
    ],
    widths: [500, 3100, 1200, 900, 900, 1500, 1500],
  },
};

const head = (title: string, sub?: string): Block[] => [
  { runs: [title], heading: 1, after: sub ? 60 : 240 },
  ...(sub ? [{ runs: [sub], align: 'center' as const, after: 240 }] : []),
];

const NOTICE: Block[] = [
  ...head('ИЗВЕЩЕНИЕ О ПРОВЕДЕНИИ ЗАКУПКИ', '№ {procurement.number} от {procurement.date}'),
  { runs: [{ text: '1. Способ закупки: ', bold: true }, '{procurement.method}.'] },
  {
    runs: [
      { text: '2. Заказчик: ', bold: true },
      '{customer.title}, ИНН {customer.inn}, место нахождения: {customer.address}.',
    ],
  },
  {
    runs: [
      { text: '3. Организатор закупки: ', bold: true },
      '{company.full_title} (ИНН {company.inn}, КПП {company.kpp}), адрес электронной почты {company.email}, телефон {company.phone}. Контактное лицо: {contact_person}, тел. {contact_phone}.',
    ],
  },
  { runs: [{ text: '4. Предмет договора: ', bold: true }, '{procurement.subject}.'] },
  {
    runs: [
      { text: '5. Начальная (максимальная) цена договора: ', bold: true },
      '{procurement.nmcd}, {vat_rate}. Метод определения НМЦД: {procurement.nmcd_method}. Источник финансирования: {procurement.funding_source}.',
    ],
  },
  {
    runs: [
      { text: '6. Место поставки товара, выполнения работ, оказания услуг: ', bold: true },
      '{delivery_place}.',
    ],
  },
  {
    runs: [
      { text: '7. Срок поставки товара, выполнения работ, оказания услуг: ', bold: true },
      '{delivery_term}.',
    ],
  },
  {
    runs: [
      { text: '8. Дата окончания срока подачи заявок: ', bold: true },
      '{procurement.bids_deadline}. Дата подведения итогов: {procurement.summing_up_date}.',
    ],
  },
  {
    runs: [
      { text: '9. Обеспечение заявки: ', bold: true },
      '{procurement.application_security}. Обеспечение исполнения договора: {procurement.contract_security}.',
    ],
  },
  {
    runs: [
      {
        text: '10. Участниками закупки могут являться только субъекты малого и среднего предпринимательства: ',
        bold: true,
      },
      '{sme_only}.',
    ],
  },
  {
    runs: [
      { text: '11. ', bold: true },
      'Закупка проводится в соответствии с Федеральным законом от 18.07.2011 № 223-ФЗ «О закупках товаров, работ, услуг отдельными видами юридических лиц» и документом «{procurement.rules_title}» (позиция плана закупки № {plan_position.number} на {plan_position.year} год).',
    ],
  },
  { runs: [{ text: 'Спецификация', bold: true }], align: 'center' },
  SPEC,
];

const DOCUMENTATION: Block[] = [
  ...head(
    'ДОКУМЕНТАЦИЯ О ЗАКУПКЕ',
    '{procurement.method} на право заключения договора: {procurement.subject}',
  ),
  { runs: [{ text: 'Раздел 1. Общие положения', bold: true }], heading: 2 },
  'Заказчик: {customer.title} (ИНН {customer.inn}), {customer.address}. Закупка проводится в соответствии с Федеральным законом № 223-ФЗ и положением о закупке заказчика.',
  'Начальная (максимальная) цена договора: {procurement.nmcd} ({vat_rate}). Обоснование НМЦД приведено в приложении к документации.',
  { runs: [{ text: 'Раздел 2. Требования к участникам закупки', bold: true }], heading: 2 },
  'Участник закупки должен соответствовать единым требованиям, установленным положением о закупке: непроведение ликвидации и отсутствие решения о банкротстве, неприостановление деятельности, отсутствие сведений об участнике в реестрах недобросовестных поставщиков. Только субъекты МСП: {sme_only}.',
  { runs: [{ text: 'Раздел 3. Порядок подачи заявок', bold: true }], heading: 2 },
  'Заявки подаются в электронной форме на электронной площадке до {procurement.bids_deadline}. Размер обеспечения заявки: {procurement.application_security}.',
  {
    runs: [{ text: 'Раздел 4. Порядок рассмотрения, оценки и сопоставления заявок', bold: true }],
    heading: 2,
  },
  'Итоги закупки подводятся не позднее {procurement.summing_up_date}. Договор заключается не ранее чем через 10 дней и не позднее чем через 20 дней после размещения в ЕИС итогового протокола.',
  { runs: [{ text: 'Раздел 5. Обеспечение исполнения договора', bold: true }], heading: 2 },
  'Размер обеспечения исполнения договора: {procurement.contract_security}. Срок и порядок оплаты: {payment_term}.',
  { runs: [{ text: 'Раздел 6. Сведения о лотах', bold: true }], heading: 2 },
  { runs: ['{#lots}Лот № {lot.number}. {lot.subject}. НМЦД лота: {lot.nmcd}.'] },
  SPEC,
  { runs: ['{/lots}'] },
];

const CONTRACT: Block[] = [
  ...head('ПРОЕКТ ДОГОВОРА', 'на {procurement.subject}'),
  {
    runs: [
      'г. ______________',
      '                                                              «___» ____________ 20__ г.',
    ],
    align: 'left',
  },
  '{customer.title}, именуемое в дальнейшем «Заказчик», с одной стороны, и ______________________, именуемое в дальнейшем «Поставщик», с другой стороны, по результатам закупки № {procurement.number} заключили настоящий договор о нижеследующем.',
  { runs: [{ text: '1. Предмет договора', bold: true }], heading: 2 },
  '1.1. Поставщик обязуется поставить товар (выполнить работы, оказать услуги) согласно спецификации (приложение № 1), а Заказчик — принять и оплатить его.',
  '1.2. Место поставки: {delivery_place}. Срок поставки: {delivery_term}.',
  { runs: [{ text: '2. Цена договора и порядок расчётов', bold: true }], heading: 2 },
  '2.1. Цена договора не превышает {procurement.nmcd} ({vat_rate}) и включает все расходы Поставщика.',
  '2.2. {payment_term}.',
  { runs: [{ text: '3. Гарантийные обязательства', bold: true }], heading: 2 },
  '3.1. Срок гарантии — {warranty_months} месяцев с даты подписания документа о приёмке.',
  { runs: [{ text: '4. Обеспечение исполнения договора', bold: true }], heading: 2 },
  '4.1. Размер обеспечения исполнения договора: {procurement.contract_security}.',
  { runs: [{ text: '5. Адреса и реквизиты сторон', bold: true }], heading: 2 },
  'Заказчик: {customer.title}, ИНН {customer.inn}, {customer.address}.',
  { runs: [{ text: 'Приложение № 1. Спецификация', bold: true }], align: 'center' },
  SPEC,
];

const NMCD: Block[] = [
  ...head('ОБОСНОВАНИЕ НАЧАЛЬНОЙ (МАКСИМАЛЬНОЙ) ЦЕНЫ ДОГОВОРА'),
  'Предмет закупки: {procurement.subject}.',
  'Заказчик: {customer.title}.',
  'Метод определения НМЦД: {procurement.nmcd_method}. Источник финансирования: {procurement.funding_source}.',
  'Расчёт выполнен на основании коммерческих предложений потенциальных поставщиков и общедоступной информации о ценах; цена единицы определена как среднее арифметическое значение цен с учётом коэффициента вариации не более 33 %.',
  SPEC,
  {
    runs: [
      { text: 'Итого начальная (максимальная) цена договора: ', bold: true },
      '{procurement.nmcd} ({vat_rate}).',
    ],
  },
  'Ответственное лицо: {contact_person}, тел. {contact_phone}.',
];

const SPECIFICATION: Block[] = [
  ...head('ТЕХНИЧЕСКОЕ ЗАДАНИЕ', '{procurement.subject}'),
  { runs: [{ text: '1. Заказчик: ', bold: true }, '{customer.title}.'] },
  {
    runs: [
      { text: '2. Место поставки товара, выполнения работ, оказания услуг: ', bold: true },
      '{delivery_place}.',
    ],
  },
  { runs: [{ text: '3. Срок: ', bold: true }, '{delivery_term}.'] },
  {
    runs: [
      { text: '4. Требования к качеству: ', bold: true },
      'товар должен быть новым, не бывшим в употреблении, соответствовать требованиям технических регламентов и государственных стандартов, что подтверждается документами, передаваемыми вместе с товаром.',
    ],
  },
  { runs: [{ text: '5. Гарантийный срок: ', bold: true }, '{warranty_months} месяцев.'] },
  { runs: [{ text: '6. Перечень и количество товаров (работ, услуг):', bold: true }] },
  SPEC,
];

export type DemoTemplate = { kind: string; title: string; file: string; blocks: Block[] };

/** The five documents of a competitive procedure, by document kind code. */
export const DEMO_TEMPLATES: DemoTemplate[] = [
  { kind: 'notice', title: 'Извещение о закупке', file: 'Извещение о закупке.docx', blocks: NOTICE },
  {
    kind: 'documentation',
    title: 'Документация о закупке',
    file: 'Документация о закупке.docx',
    blocks: DOCUMENTATION,
  },
  { kind: 'contract_draft', title: 'Проект договора', file: 'Проект договора.docx', blocks: CONTRACT },
  {
    kind: 'nmcd_justification',
    title: 'Обоснование начальной (максимальной) цены договора',
    file: 'Обоснование НМЦД.docx',
    blocks: NMCD,
  },
  {
    kind: 'technical_specification',
    title: 'Техническое задание',
    file: 'Техническое задание.docx',
    blocks: SPECIFICATION,
  },
];

export const demoTemplateDocx = (t: DemoTemplate) => buildDocx(t.title, t.blocks);
