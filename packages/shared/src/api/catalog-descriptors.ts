import type { Role } from '../roles.js';
import {
  CATALOG_SORTS,
  type CatalogAccess,
  type CatalogColumn,
  type CatalogDescriptor,
  type CatalogField,
  type CatalogOption,
  ENSURING_FORM_TITLES,
  ENSURING_TYPE_TITLES,
  METHOD_FORM_TITLES,
  SUBJECT_KIND_TITLES,
  TARIFF_SORTS,
  USERFIELD_TYPE_TITLES,
} from './catalog-values.js';

const opts = (titles: Record<string, string>): CatalogOption[] =>
  Object.entries(titles).map(([value, label]) => ({ value, label }));

const CODE: CatalogField = {
  key: 'code',
  title: 'Код',
  type: 'text',
  required: false,
  hint: 'Если не заполнен, присваивается следующий свободный номер',
};
const TITLE: CatalogField = { key: 'title', title: 'Наименование', type: 'text', required: true };
const DESCRIPTION: CatalogField = {
  key: 'description',
  title: 'Описание',
  type: 'textarea',
  required: false,
};
const BASIC_FIELDS = [CODE, TITLE, DESCRIPTION] as const;
const BASIC_COLUMNS: CatalogColumn[] = [
  { key: 'code', title: 'Код', sortable: true },
  { key: 'title', title: 'Наименование', sortable: true },
  { key: 'company_title', title: 'Принадлежность', type: 'owner' },
];
const SUBJECT_KIND: CatalogField = {
  key: 'subject_kind',
  title: 'Вид предмета закупки',
  type: 'select',
  required: true,
  options: opts(SUBJECT_KIND_TITLES),
};

type Base = Omit<CatalogDescriptor, 'columns' | 'fields' | 'default_sort' | 'tree' | 'menu'> &
  Partial<Pick<CatalogDescriptor, 'columns' | 'fields' | 'default_sort' | 'tree' | 'menu'>>;
const view = (d: Base): CatalogDescriptor => ({
  columns: BASIC_COLUMNS,
  fields: BASIC_FIELDS,
  default_sort: 'code',
  tree: false,
  menu: true,
  ...d,
});
const generic = (type: number, route: string, title: string, element: string, access: CatalogAccess) =>
  view({
    key: `generic_${type}`,
    route,
    title,
    element,
    api: `/api/catalogs/generic/${type}`,
    kind: 'generic',
    type_code: type,
    subject_type: null,
    access,
    company_entries: true,
    client_writes: false,
  });
const terms = (subject: number, route: string, title: string, element: string) =>
  view({
    key: `exec_1_${subject}`,
    route,
    title,
    element,
    api: '/api/catalogs/exec/1',
    kind: 'exec',
    type_code: 1,
    subject_type: subject,
    access: 'staff',
    company_entries: true,
    client_writes: false,
  });

/** Every catalogue screen, in the order of the gear menu (docs/product.md §2). */
export const CATALOGS: readonly CatalogDescriptor[] = [
  view({
    key: 'document_kinds',
    route: '/catalogDocument',
    title: 'Документы',
    element: 'вид документа',
    api: '/api/catalogs/document-kinds',
    kind: 'document_kind',
    type_code: null,
    subject_type: null,
    access: 'staff',
    company_entries: true,
    client_writes: false,
    default_sort: 'created_at',
  }),
  generic(1, '/catalog', 'Методы определения НМЦД', 'метод определения НМЦД', 'staff'),
  view({
    key: 'methods',
    route: '/catalogMethod',
    title: 'Способы закупки',
    element: 'способ закупки',
    api: '/api/catalogs/methods',
    kind: 'method',
    type_code: null,
    subject_type: null,
    access: 'staff',
    company_entries: true,
    client_writes: false,
    default_sort: 'created_at',
    columns: [
      ...BASIC_COLUMNS.slice(0, 2),
      { key: 'competitive', title: 'Конкурентный', type: 'boolean' },
      { key: 'sme_only', title: 'Только МСП', type: 'boolean' },
      { key: 'electronic', title: 'В электронной форме', type: 'boolean' },
      BASIC_COLUMNS[2],
    ],
    fields: [
      ...BASIC_FIELDS,
      {
        key: 'form',
        title: 'Форма способа закупки',
        type: 'select',
        required: false,
        options: opts(METHOD_FORM_TITLES),
        hint: 'По ней определяются сроки извещения по 223-ФЗ; не выбрана — «Иной способ»',
      },
      { key: 'competitive', title: 'Конкурентный', type: 'boolean', required: false },
      { key: 'sme_only', title: 'Только для субъектов МСП', type: 'boolean', required: false },
      { key: 'electronic', title: 'В электронной форме', type: 'boolean', required: false },
      { key: 'closed', title: 'Закрытый способ', type: 'boolean', required: false },
    ],
  }),
  view({
    key: 'okpd2',
    route: '/catalogService',
    title: 'Предметы закупки',
    element: 'код ОКПД2',
    api: '/api/catalogs/okpd2',
    kind: 'okpd2',
    type_code: null,
    subject_type: null,
    access: 'staff',
    company_entries: false,
    client_writes: false,
    tree: true,
    columns: [
      { key: 'code', title: 'Код ОКПД2', sortable: true },
      { key: 'title', title: 'Наименование', sortable: true },
      { key: 'parent_code', title: 'Вышестоящий код' },
    ],
    fields: [
      {
        key: 'code',
        title: 'Код ОКПД2',
        type: 'okpd2',
        required: true,
        hint: 'Например, 26.20.11.110; вышестоящий код определяется по коду',
      },
      TITLE,
      DESCRIPTION,
    ],
  }),
  generic(2, '/catalogRequirements', 'Единые и дополнительные требования', 'требование', 'staff'),
  generic(
    7,
    '/catalogInfoAndDocuments',
    'Дополнительные требования, сведения и документы',
    'сведения или документ',
    'staff',
  ),
  view({
    key: 'exec_2',
    route: '/catalogExecPlace',
    title: 'Место поставки товара, выполнения работ, оказания услуг',
    element: 'место поставки',
    api: '/api/catalogs/exec/2',
    kind: 'exec',
    type_code: 2,
    subject_type: null,
    access: 'login',
    company_entries: true,
    client_writes: true,
  }),
  terms(1, '/catalogDeliveryTerms', 'Сроки поставки товара', 'срок поставки'),
  terms(3, '/catalogServiceTerms', 'Сроки оказания услуг', 'срок оказания услуг'),
  terms(2, '/catalogWorkTerms', 'Сроки выполнения работ', 'срок выполнения работ'),
  view({
    key: 'goods',
    route: '/catalogServiceDocument',
    title: 'Товары, работы, услуги',
    element: 'товар, работа или услуга',
    api: '/api/catalogs/goods',
    kind: 'goods',
    type_code: null,
    subject_type: null,
    access: 'staff',
    company_entries: true,
    client_writes: false,
    columns: [
      ...BASIC_COLUMNS.slice(0, 2),
      { key: 'subject_kind', title: 'Вид', type: 'select', options: opts(SUBJECT_KIND_TITLES) },
      { key: 'okpd2_code', title: 'ОКПД2' },
      { key: 'unit', title: 'Ед. изм.' },
      BASIC_COLUMNS[2],
    ],
    fields: [
      ...BASIC_FIELDS,
      SUBJECT_KIND,
      { key: 'okpd2_code', title: 'Код ОКПД2', type: 'okpd2', required: false },
      { key: 'unit', title: 'Единица измерения', type: 'text', required: false },
    ],
  }),
  view({
    key: 'ensuring',
    route: '/catalogEnsuring',
    title: 'Обеспечение заявки, договора и гарантийных обязательств',
    element: 'вид обеспечения',
    api: '/api/catalogs/ensuring',
    kind: 'ensuring',
    type_code: null,
    subject_type: null,
    access: 'staff',
    company_entries: true,
    client_writes: false,
    default_sort: 'created_at',
    columns: [
      ...BASIC_COLUMNS.slice(0, 2),
      { key: 'ensuring_type', title: 'Вид', type: 'select', options: opts(ENSURING_TYPE_TITLES) },
      { key: 'forms', title: 'Формы', type: 'multiselect', options: opts(ENSURING_FORM_TITLES) },
      { key: 'percent_min', title: 'Мин., %', type: 'percent' },
      { key: 'percent_max', title: 'Макс., %', type: 'percent' },
      BASIC_COLUMNS[2],
    ],
    fields: [
      ...BASIC_FIELDS,
      {
        key: 'ensuring_type',
        title: 'Вид обеспечения',
        type: 'select',
        required: true,
        options: opts(ENSURING_TYPE_TITLES),
      },
      {
        key: 'forms',
        title: 'Формы обеспечения',
        type: 'multiselect',
        required: true,
        options: opts(ENSURING_FORM_TITLES),
      },
      { key: 'percent_min', title: 'Размер от, % НМЦД', type: 'percent', required: false },
      { key: 'percent_max', title: 'Размер до, % НМЦД', type: 'percent', required: false },
    ],
  }),
  view({
    key: 'subject_documents',
    route: '/catalogDocumentSubject',
    title: 'Документы по предмету закупки',
    element: 'документ',
    api: '/api/catalogs/subject-documents',
    kind: 'subject_document',
    type_code: null,
    subject_type: null,
    access: 'staff',
    company_entries: true,
    client_writes: false,
    columns: [
      ...BASIC_COLUMNS.slice(0, 2),
      { key: 'subject_kind', title: 'Вид предмета', type: 'select', options: opts(SUBJECT_KIND_TITLES) },
      { key: 'required', title: 'Обязательный', type: 'boolean' },
      BASIC_COLUMNS[2],
    ],
    fields: [
      ...BASIC_FIELDS,
      SUBJECT_KIND,
      { key: 'required', title: 'Обязательный', type: 'boolean', required: false },
    ],
  }),
  view({
    key: 'tariffs',
    route: '/catalogTariffs',
    title: 'Тарифы',
    element: 'тариф',
    api: '/api/catalogs/tariffs',
    kind: 'tariff',
    type_code: null,
    subject_type: null,
    access: 'admin',
    company_entries: false,
    client_writes: false,
    default_sort: 'created_at',
    columns: [
      { key: 'name', title: 'Наименование', sortable: true },
      { key: 'max_users', title: 'Пользователей', type: 'integer' },
      { key: 'max_companies', title: 'Организаций', type: 'integer' },
      { key: 'max_contracts_per_year', title: 'Договоров в год', type: 'integer' },
      { key: 'price_per_month', title: 'Цена в месяц', type: 'money', sortable: true },
      { key: 'companies_count', title: 'Компаний на тарифе', type: 'integer' },
    ],
    fields: [
      { key: 'code', title: 'Код', type: 'text', required: true },
      { key: 'name', title: 'Наименование', type: 'text', required: true },
      DESCRIPTION,
      {
        key: 'max_users',
        title: 'Пользователей не более',
        type: 'integer',
        required: false,
        emptyLabel: 'без ограничений',
      },
      {
        key: 'max_companies',
        title: 'Организаций-заказчиков не более',
        type: 'integer',
        required: false,
        emptyLabel: 'без ограничений',
      },
      {
        key: 'max_contracts_per_year',
        title: 'Договоров в год не более',
        type: 'integer',
        required: false,
        emptyLabel: 'без ограничений',
      },
      { key: 'price_per_month', title: 'Цена в месяц, ₽', type: 'money', required: true },
    ],
  }),
  generic(6, '/catalogFinancialResults', 'Финансовые результаты', 'финансовый результат', 'staff'),
  generic(8, '/catalogFundingSources', 'Источники финансирования', 'источник финансирования', 'login'),
  generic(
    9,
    '/catalogContractBasis',
    'Основания заключения договора',
    'основание заключения договора',
    'login',
  ),
  view({
    key: 'userfields',
    route: '/catalogUserfields',
    title: 'Пользовательские поля шаблонов документов',
    element: 'пользовательское поле',
    api: '/api/catalogs/userfields',
    kind: 'userfield',
    type_code: null,
    subject_type: null,
    access: 'staff',
    company_entries: true,
    client_writes: false,
    menu: false,
    default_sort: 'created_at',
    columns: [
      ...BASIC_COLUMNS.slice(0, 2),
      { key: 'field_type', title: 'Тип', type: 'select', options: opts(USERFIELD_TYPE_TITLES) },
      { key: 'required', title: 'Обязательное', type: 'boolean' },
      BASIC_COLUMNS[2],
    ],
    fields: [
      {
        key: 'code',
        title: 'Код',
        type: 'text',
        required: true,
        hint: 'Имя поля в шаблоне DOCX: латинские буквы, цифры и «_»',
      },
      TITLE,
      DESCRIPTION,
      {
        key: 'field_type',
        title: 'Тип значения',
        type: 'select',
        required: true,
        options: opts(USERFIELD_TYPE_TITLES),
      },
      { key: 'options', title: 'Варианты значений', type: 'list', required: false },
      { key: 'required', title: 'Обязательное', type: 'boolean', required: false },
    ],
  }),
];

export const catalogByRoute = (route: string) => CATALOGS.find((c) => c.route === route);
export const catalogByKey = (key: string) => CATALOGS.find((c) => c.key === key);

/** The screen of an API catalogue view (exec type 1 without subject_type: the delivery terms screen). */
export function catalogOf(
  kind: CatalogDescriptor['kind'],
  typeCode?: number | null,
  subjectType?: number | null,
) {
  return CATALOGS.find(
    (c) =>
      c.kind === kind &&
      (c.type_code ?? null) === (typeCode ?? null) &&
      (c.subject_type === null || subjectType == null || c.subject_type === subjectType),
  );
}

/** The sort keys the catalogue's list API takes (a sortable column must be one of them). */
export const catalogSorts = (d: CatalogDescriptor): readonly string[] =>
  d.kind === 'tariff' ? TARIFF_SORTS : CATALOG_SORTS;

export function mayOpenCatalog(role: Role, access: CatalogAccess): boolean {
  if (access === 'login') return true;
  if (access === 'admin') return role === 'admin';
  return role !== 'client';
}

/** Global (shared by every company) entries are kept by admin and specialists. */
export const mayWriteGlobalCatalog = (role: Role) => role === 'admin' || role === 'specialist';
