import {
  PROCUREMENT_STATUS_TITLES,
  PROCUREMENT_TRANSITIONS,
  type ProcurementStatus,
} from '@zakupki/shared/api/procurements-model';
import { DEADLINE_VIEW, type StateView, stateViews } from '../../../lib/duties';

/** Status of a procurement: the Russian name and the badge colour. */
export const STATUS_VIEW = stateViews<ProcurementStatus>(PROCUREMENT_STATUS_TITLES, {
  draft: 'gray',
  documentation_ready: 'cyan',
  published: 'blue',
  bids_closed: 'indigo',
  summing_up: 'violet',
  contract_concluded: 'green',
  cancelled: 'dark',
  failed: 'orange',
});

export type TransitionView = {
  to: ProcurementStatus;
  /** button text */
  label: string;
  color: string;
  /** the label of the day asked for (publication, bids closing…) */
  dateLabel: string;
  /** the reason is required (cancellation, failure) */
  reasonRequired: boolean;
  question: string;
  done: string;
};

const TRANSITIONS: Record<ProcurementStatus, Omit<TransitionView, 'to'>> = {
  draft: {
    label: 'Вернуть в черновик',
    color: 'gray',
    dateLabel: 'Дата',
    reasonRequired: false,
    question: 'Вернуть закупку в черновик?',
    done: 'Закупка возвращена в черновик',
  },
  documentation_ready: {
    label: 'Документация готова',
    color: 'cyan',
    dateLabel: 'Дата',
    reasonRequired: false,
    question: 'Отметить, что документация закупки готова к размещению?',
    done: 'Документация отмечена готовой',
  },
  published: {
    label: 'Извещение размещено',
    color: 'blue',
    dateLabel: 'Дата размещения извещения',
    reasonRequired: false,
    question:
      'Отметить размещение извещения в ЕИС? Срок подачи заявок проверяется от этой даты по производственному календарю; позиция плана после извещения не меняется.',
    done: 'Извещение отмечено размещённым',
  },
  bids_closed: {
    label: 'Приём заявок окончен',
    color: 'indigo',
    dateLabel: 'Дата окончания приёма заявок',
    reasonRequired: false,
    question: 'Отметить окончание приёма заявок?',
    done: 'Приём заявок окончен',
  },
  summing_up: {
    label: 'Подведение итогов',
    color: 'violet',
    dateLabel: 'Дата начала подведения итогов',
    reasonRequired: false,
    question: 'Перевести закупку на подведение итогов?',
    done: 'Закупка на подведении итогов',
  },
  contract_concluded: {
    label: 'Договор заключён',
    color: 'green',
    dateLabel: 'Дата заключения договора',
    reasonRequired: false,
    question:
      'Отметить заключение договора? Договор заключается не ранее 10 и не позднее 20 дней после итогового протокола (ч. 15 ст. 3.2 223-ФЗ).',
    done: 'Договор по закупке заключён',
  },
  cancelled: {
    label: 'Отменить закупку',
    color: 'red',
    dateLabel: 'Дата отмены',
    reasonRequired: true,
    question: 'Отменить закупку? Отменённая закупка не редактируется.',
    done: 'Закупка отменена',
  },
  failed: {
    label: 'Признать несостоявшейся',
    color: 'orange',
    dateLabel: 'Дата',
    reasonRequired: true,
    question: 'Признать закупку несостоявшейся?',
    done: 'Закупка признана несостоявшейся',
  },
};

/**
 * The buttons a procurement shows: the moves the server allows, in the state machine's order.
 * Back to the draft is not a move of POST …/status (its body refuses `draft`), so it has no button.
 */
export function transitionsFor(status: ProcurementStatus, allowed: readonly ProcurementStatus[]) {
  return PROCUREMENT_TRANSITIONS[status]
    .filter((to) => to !== 'draft' && allowed.includes(to))
    .map((to): TransitionView => ({ to, ...TRANSITIONS[to] }));
}

/** A procurement is edited until its end (concluded, cancelled and failed are closed). */
export const isEditable = (status: ProcurementStatus) =>
  status !== 'contract_concluded' && status !== 'cancelled' && status !== 'failed';

/** States of a procurement's duties: the open ones (lib/duties.ts), done, and not begun yet. */
export const DUTY_VIEW: Record<string, StateView> = {
  ...DEADLINE_VIEW,
  done: { label: 'Выполнено в срок', color: 'green' },
  done_late: { label: 'Выполнено с опозданием', color: 'orange' },
  not_yet: { label: 'Ещё не наступил', color: 'gray' },
};

/** Fields of a procurement in Russian: the history's «что изменено». */
export const FIELD_TITLES: Record<string, string> = {
  number: 'внутренний номер',
  eis_notice_number: 'номер извещения в ЕИС',
  customer_id: 'заказчик',
  method_id: 'способ закупки',
  subject: 'предмет',
  subject_type: 'вид предмета',
  lots: 'лоты',
  items: 'позиции',
  nmcd: 'НМЦД',
  nmcd_method_id: 'метод определения НМЦД',
  nmcd_justification: 'обоснование НМЦД',
  currency_code: 'валюта',
  funding_source_id: 'источник финансирования',
  plan_position_id: 'позиция плана',
  application_security: 'обеспечение заявки',
  contract_security: 'обеспечение договора',
  sme_only: 'только для МСП',
  electronic: 'в электронной форме',
  platform_name: 'площадка',
  platform_url: 'адрес площадки',
  planned_publication_date: 'плановая дата размещения',
  published_on: 'дата размещения',
  bids_deadline: 'окончание подачи заявок',
  review_date: 'дата рассмотрения',
  summing_up_date: 'дата подведения итогов',
  status: 'статус',
  protocols: 'протоколы',
};

export const changedFieldsText = (fields: string[]) =>
  fields.length ? fields.map((f) => FIELD_TITLES[f] ?? f).join(', ') : '—';
