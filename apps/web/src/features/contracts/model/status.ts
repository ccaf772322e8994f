import {
  CONTRACT_STATUS_TITLES,
  CONTRACT_TRANSITIONS,
  type ContractStatus,
  DEADLINE_STATUS_TITLES,
  type DeadlineStatus,
} from '@zakupki/shared/api/contracts-model';

/** Status of a contract: the Russian name and the badge colour. */
export const STATUS_VIEW: Record<ContractStatus, { label: string; color: string }> = {
  draft: { label: CONTRACT_STATUS_TITLES.draft, color: 'gray' },
  concluded: { label: CONTRACT_STATUS_TITLES.concluded, color: 'blue' },
  executed: { label: CONTRACT_STATUS_TITLES.executed, color: 'green' },
  terminated: { label: CONTRACT_STATUS_TITLES.terminated, color: 'orange' },
  cancelled: { label: CONTRACT_STATUS_TITLES.cancelled, color: 'dark' },
};

export type TransitionView = {
  to: ContractStatus;
  /** button text */
  label: string;
  color: string;
  /** asks for the date of execution or termination */
  needsDate: boolean;
  /** the reason is required (termination) */
  reasonRequired: boolean;
  question: string;
  done: string;
};

const TRANSITIONS: Record<ContractStatus, Omit<TransitionView, 'to'>> = {
  draft: {
    label: 'Вернуть в проект',
    color: 'gray',
    needsDate: false,
    reasonRequired: false,
    question: '',
    done: '',
  },
  concluded: {
    label: 'Заключить',
    color: 'blue',
    needsDate: false,
    reasonRequired: false,
    question:
      'Перевести договор в статус «Заключен»? С даты заключения начнётся срок размещения сведений в реестре договоров ЕИС (3 рабочих дня).',
    done: 'Договор заключен',
  },
  executed: {
    label: 'Исполнен',
    color: 'green',
    needsDate: true,
    reasonRequired: false,
    question: 'Отметить договор исполненным? После этого условия договора не редактируются.',
    done: 'Договор отмечен исполненным',
  },
  terminated: {
    label: 'Расторгнуть',
    color: 'orange',
    needsDate: true,
    reasonRequired: true,
    question: 'Расторгнуть договор? После этого условия договора не редактируются.',
    done: 'Договор расторгнут',
  },
  cancelled: {
    label: 'Отменить',
    color: 'red',
    needsDate: false,
    reasonRequired: false,
    question: 'Отменить проект договора? Отменённый договор не редактируется.',
    done: 'Договор отменён',
  },
};

/** The buttons a contract in `status` shows: the moves of the state machine, in its order. */
export function transitionsFor(status: ContractStatus): TransitionView[] {
  return CONTRACT_TRANSITIONS[status].map((to) => ({ to, ...TRANSITIONS[to] }));
}

/** Only draft and concluded contracts are edited (executed, terminated, cancelled are closed). */
export const isEditable = (status: ContractStatus) => status === 'draft' || status === 'concluded';

export const DEADLINE_VIEW: Record<DeadlineStatus, { label: string; color: string }> = {
  due: { label: DEADLINE_STATUS_TITLES.due, color: 'gray' },
  due_soon: { label: DEADLINE_STATUS_TITLES.due_soon, color: 'yellow' },
  overdue: { label: DEADLINE_STATUS_TITLES.overdue, color: 'red' },
};

export const DUTY_VIEW: Record<DeadlineStatus | 'done' | 'done_late', { label: string; color: string }> = {
  ...DEADLINE_VIEW,
  done: { label: 'Размещено в срок', color: 'green' },
  done_late: { label: 'Размещено с опозданием', color: 'orange' },
};
