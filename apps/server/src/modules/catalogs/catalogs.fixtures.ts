import { CATALOGS, type CatalogDescriptor } from '@zakupki/shared';

/** A valid create body for every catalogue screen (tests). */
export const VALID_BODY: Record<string, Record<string, unknown>> = {
  document_kinds: {
    title: 'Заключение экспертизы проектной документации',
    description: 'Для строительных закупок',
  },
  generic_1: { title: 'Метод индексации цен прошлых лет' },
  methods: {
    title: 'Аукцион в электронной форме среди МСП (особый порядок)',
    competitive: true,
    electronic: true,
    sme_only: true,
  },
  okpd2: { code: '26.20.16.130', title: 'Плоттеры' },
  generic_2: { title: 'Наличие сертифицированной системы менеджмента качества ГОСТ Р ИСО 9001' },
  generic_7: { title: 'Копия сертификата ГОСТ Р ИСО 9001' },
  exec_2: { title: 'Склад заказчика: г. Видное, ул. Строительная, д. 3' },
  exec_1_1: { title: 'В течение 45 календарных дней с даты заключения договора', subject_type: 1 },
  exec_1_3: { title: 'Ежеквартально в течение срока действия договора', subject_type: 3 },
  exec_1_2: { title: 'В течение 90 календарных дней с даты передачи площадки', subject_type: 2 },
  goods: { title: 'Планшетный компьютер', subject_kind: 'goods', okpd2_code: '26.20.11.110', unit: 'шт' },
  ensuring: {
    title: 'Обеспечение исполнения договора с авансом',
    ensuring_type: 'contract',
    forms: ['cash_deposit'],
    percent_min: '10',
    percent_max: '30,00',
  },
  subject_documents: { title: 'Паспорт объекта', subject_kind: 'works', required: false },
  generic_6: { title: 'Экономия от переторжки' },
  generic_8: { title: 'Средства займа (кредита)' },
  generic_9: { title: 'Закупка у единственного поставщика: продление договора аренды' },
  userfields: {
    code: 'delivery_basis',
    title: 'Базис поставки',
    field_type: 'select',
    options: ['DAP', 'EXW'],
    required: true,
  },
};

export const ENTRY_CATALOGS: CatalogDescriptor[] = CATALOGS.filter((c) => c.kind !== 'tariff');

/** The list URL of a screen (subject_type as the filter of exec type 1). */
export const listUrl = (d: CatalogDescriptor, extra = '') => {
  const params = [d.subject_type ? `subject_type=${d.subject_type}` : '', extra].filter(Boolean).join('&');
  return params ? `${d.api}?${params}` : d.api;
};
