import {
  CONTRACT_STATUS_TITLES,
  CONTRACT_TRANSITIONS,
  type ContractStatus,
} from '@zakupki/shared/api/contracts-model';
import { stateViews } from '../../../lib/duties';

/** Status of a contract: the Russian name and the badge colour. */
export const STATUS_VIEW = stateViews<ContractStatus>(CONTRACT_STATUS_TITLES, {
  draft: 'gray',
  concluded: 'blue',
  executed: 'green',
  terminated: 'orange',
  cancelled: 'dark',
});

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

/** States of a contract's EIS duties (lib/duties.ts): open ones, and placed in time / late. */
export { DEADLINE_VIEW, PLACEMENT_DUTY_VIEW as DUTY_VIEW } from '../../../lib/duties';
