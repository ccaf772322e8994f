import {
  CATALOG_FAMILIES,
  CATALOGS,
  type CatalogDescriptor,
  type CatalogImportError,
  type RouteDef,
  type ValidationIssue,
} from '@zakupki/shared';
import { type CallOpts, errorOf as harnessErrorOf, type Res, type TestApp } from '../../../test/harness.js';

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

/** The body of a refused call: `{error: {code, message, details}}` (lib/app-error.ts). */
export type Refused = {
  error: {
    code: string;
    message: string;
    details: {
      issues: ValidationIssue[];
      errors: CatalogImportError[];
      usage: { name: string; count: number }[];
    } & Record<string, unknown>;
  };
};

/** The error of a refused call. */
export const errorOf = (r: { body: unknown }) => harnessErrorOf<Refused['error']['details']>(r);

/** An entry of any catalogue screen as the tests read it (the fields differ per screen). */
export type Item = Record<string, unknown> & {
  id: number;
  code: string;
  title: string;
  company_id: number | null;
  can_write: boolean;
};

/** A page of entries of any catalogue screen. */
export type ItemPage = { items: Item[]; total: number; page: number; limit: number };

type Family = Record<
  'list' | 'get' | 'create' | 'update' | 'remove' | 'archive' | 'restore' | 'exportXlsx' | 'importXlsx',
  RouteDef
>;

const FAMILIES: Record<CatalogDescriptor['kind'], Family> = CATALOG_FAMILIES;

/**
 * The routes of a catalogue screen with its path params (the type of the generic and
 * service-execution catalogues): the tests that walk every screen call them as `screen.r.list`.
 */
export function screenOf(d: CatalogDescriptor): { r: Family; params: Record<string, number> } {
  const typed = (d.kind === 'generic' || d.kind === 'exec') && d.type_code !== null;
  return { r: FAMILIES[d.kind], params: typed ? { type: d.type_code as number } : {} };
}

/** The list query of a screen (subject_type as the filter of exec type 1). */
export const listQuery = (d: CatalogDescriptor, extra: Record<string, unknown> = {}) => ({
  ...(d.subject_type ? { subject_type: d.subject_type } : {}),
  ...extra,
});

/**
 * Calls of the routes of a catalogue screen, which the tests walk for every screen (so their
 * routes are loosely typed): the answer is read as `T` (an entry unless said otherwise).
 */
export const screenCalls =
  (t: TestApp) =>
  <T = Item>(route: RouteDef, opts: CallOpts<RouteDef>) =>
    t.call(route, opts) as Promise<Res<T>>;
