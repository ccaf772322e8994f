import { formatDate } from '../../../lib/formatters';

/** Russian names of import, payment, УПД and report states shown in the tables. */
export const PAYMENT_STATUS_VIEW: Record<string, { label: string; color: string }> = {
  matched: { label: 'Сопоставлен', color: 'green' },
  unmatched: { label: 'Не сопоставлен', color: 'yellow' },
  assigned: { label: 'Привязан вручную', color: 'blue' },
  ignored: { label: 'Не учитывается', color: 'gray' },
};

export const UPD_STATUS_VIEW: Record<string, { label: string; color: string }> = {
  no_contract: { label: 'Договор не найден', color: 'red' },
  proposed: { label: 'Ждёт подтверждения', color: 'yellow' },
  confirmed: { label: 'Учтён в исполнении', color: 'green' },
  superseded: { label: 'Заменён исправлением', color: 'gray' },
  advance: { label: 'Аванс, не поставка', color: 'gray' },
};

/** The state a document shows: an advance invoice is never waiting for confirmation. */
export const updState = (d: { status: string; advance: boolean }) => (d.advance ? 'advance' : d.status);

export const RUN_STATUS_VIEW: Record<string, { label: string; color: string }> = {
  queued: { label: 'В очереди', color: 'gray' },
  running: { label: 'Выполняется', color: 'blue' },
  done: { label: 'Готово', color: 'green' },
  warning: { label: 'Загружено не всё', color: 'orange' },
  failed: { label: 'Ошибка', color: 'red' },
};

/** A report or import job that has not finished yet. */
export const isRunActive = (status: string) => status === 'queued' || status === 'running';

/** «УПД № 17 от 03.03.2026» (УКД for a correction document). */
export const updTitle = (d: { kind: string; number: string; date: string; advance?: boolean }) =>
  `${d.advance ? 'Счёт-фактура на аванс' : d.kind === 'ukd' ? 'УКД' : 'УПД'} № ${d.number} от ${formatDate(d.date)}`;

export const IMPORT_KIND_TITLES: Record<string, string> = {
  upd: 'УПД / УКД',
  payments: 'Банковская выписка',
  'eis-contracts': 'Договоры из ЕИС',
};

export const VERSION_ACTION_TITLES: Record<string, string> = {
  create: 'Создание',
  update: 'Изменение',
  status: 'Смена статуса',
  archive: 'Перенос в архив',
  restore: 'Возврат из архива',
  eis_publication: 'Отметка о размещении в ЕИС',
  import: 'Импорт из ЕИС',
  execution: 'Исполнение',
};

export const SOURCE_TITLES: Record<string, string> = {
  manual: 'вручную',
  eis: 'ЕИС',
  upd: 'УПД',
  payments: 'выписка',
  bank: 'выписка',
  system: 'система',
};

/** Field names of a contract version (history tab). */
export const FIELD_TITLES: Record<string, string> = {
  law: 'закон',
  eis_registry_number: 'реестровый номер',
  eis_guid: 'GUID ЕИС',
  version: 'версия ЕИС',
  number: 'номер',
  contract_date: 'дата',
  subject: 'предмет',
  customer_id: 'заказчик',
  customer_name: 'заказчик',
  customer_inn: 'ИНН заказчика',
  customer_kpp: 'КПП заказчика',
  supplier_inn: 'ИНН поставщика',
  supplier_kpp: 'КПП поставщика',
  supplier_name: 'поставщик',
  supplier_is_sme: 'МСП',
  price: 'цена',
  currency_code: 'валюта',
  funding_source_id: 'источник финансирования',
  contract_basis_id: 'основание заключения',
  plan_position_number: 'позиция плана',
  procurement_method_id: 'способ закупки',
  procurement_method_code: 'способ закупки',
  procurement_method_name: 'способ закупки',
  price_method_id: 'метод определения НМЦД',
  notice_number: 'извещение',
  start_date: 'начало исполнения',
  end_date: 'окончание исполнения',
  status: 'статус',
  executed_amount: 'исполнено',
  paid_amount: 'оплачено',
  eis_published_at: 'размещение в ЕИС',
  eis_url: 'ссылка ЕИС',
  archived: 'архив',
  items: 'спецификация',
  stages: 'этапы',
  payment_terms: 'условия оплаты',
  source: 'источник',
};

const HIDDEN_FIELDS = new Set(['id', 'company_id', 'source']);

/** The changed fields of a version in words, each named once. */
export function changedFieldsText(fields: string[], isFirst: boolean): string {
  if (isFirst) return 'первая версия';
  const names = [...new Set(fields.filter((f) => !HIDDEN_FIELDS.has(f)).map((f) => FIELD_TITLES[f] ?? f))];
  return names.length ? names.join(', ') : '—';
}
