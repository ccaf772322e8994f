import { periodAccusative, periodGenitive } from '../calendar/due-dates.policy.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { type DueItem, formatRub, priceToKopecks, toMoscowDate } from './deadline-core.js';
import type { DeadlineConfig, DeadlineRule, DutyCode } from './deadline-rules.js';
import { type DutyContext, dutyDue, dutyEarliestDate } from './law-due-dates.js';
import { ruleOn } from './law-rules.js';
import { registerThreshold } from './law-thresholds.js';

export type { DueStatus } from '../calendar/due-dates.policy.js';
export type { DueItem } from './deadline-core.js';
export { toMoscowDate } from './deadline-core.js';
export {
  DEFAULT_DEADLINE_CONFIG,
  DEFAULT_DEADLINE_RULES,
  type DeadlineConfig,
  type DeadlinePeriod,
  type DeadlineRule,
  type DutyCode,
  deadlineConfig,
  deadlineConfigFor,
} from './deadline-rules.js';

/** An event of a contract that must be reported, with the date it was placed in EIS (or null). */
export type ContractEventInput = { date: string; publishedAt: string | null };

export type ContractEventKind = 'change' | 'execution' | 'payment' | 'acceptance' | 'termination';

export type ContractEvent = ContractEventInput & { kind: ContractEventKind };

/** Dates are ISO dates (or timestamps, read as Moscow dates); `price` a decimal string. */
export type DeadlineContract = {
  law: '223' | '44';
  contractDate: string;
  /** When the contract information was placed in the EIS register, or null. */
  publishedAt: string | null;
  price: string;
  changes: ContractEventInput[];
  executions: ContractEventInput[];
  /** When the final protocol of the procurement was placed in EIS (223-FZ competitive procedures). */
  finalProtocolPlacedAt?: string | null;
  /** The customer's annual revenue exceeds 5 bn rub (raises the register threshold). */
  customerRevenueOver5bn?: boolean;
};

export type Violation = {
  duty: DutyCode;
  /** Russian, e.g. «Сведения о договоре размещены в реестре позже 3 рабочих дней после заключения (срок 12.03.2024, размещены 15.03.2024)». */
  message: string;
  dueDate: string;
  doneDate: string | null;
  reference: string;
  unconfirmed: boolean;
};

/** The contract duties under their settings: a company may set the register threshold or waive it. */
export type ContractDutyContext = DutyContext & {
  config: Pick<
    DeadlineConfig,
    'rules' | 'dueSoonWorkingDays' | 'registerThreshold' | 'registerSmallContracts'
  >;
};

const EVENT_WORDS: Record<ContractEventKind, { nominative: string; genitive: string }> = {
  change: { nominative: 'изменение', genitive: 'изменения' },
  execution: { nominative: 'исполнение', genitive: 'исполнения' },
  payment: { nominative: 'оплата', genitive: 'оплаты' },
  acceptance: { nominative: 'приёмка', genitive: 'приёмки' },
  termination: { nominative: 'расторжение', genitive: 'расторжения' },
};

const CONTRACT_WORD = { '223': 'договор', '44': 'контракт' } as const;

/**
 * Why a 223-FZ contract needs no register entries (price up to 100 000 rub, or 500 000 rub for a
 * customer with revenue above 5 bn rub, as law-thresholds.ts has them on the contract's date; a
 * company's own threshold wins), or null when it does.
 */
export function registerExemption(
  contract: DeadlineContract,
  config: Pick<DeadlineConfig, 'registerThreshold' | 'registerSmallContracts'>,
): string | null {
  if (contract.law !== '223' || config.registerSmallContracts) return null;
  const large = contract.customerRevenueOver5bn ?? false;
  const own = config.registerThreshold;
  const threshold = own
    ? large
      ? own.largeCustomer
      : own.standard
    : registerThreshold(large, toMoscowDate(contract.contractDate));
  if (priceToKopecks(contract.price) > priceToKopecks(threshold)) return null;
  return `Цена договора ${formatRub(contract.price)} не превышает ${formatRub(threshold)}: сведения в реестр договоров можно не размещать (ч. 15 ст. 4 223-ФЗ)`;
}

const CODES = {
  '223': { register: 'contract_register', change: 'contract_change', execution: 'contract_execution' },
  '44': {
    register: 'contract_register_44',
    change: 'contract_change_44',
    execution: 'contract_execution_44',
  },
} as const satisfies Record<DeadlineContract['law'], Record<string, DutyCode>>;

const eventCode = (law: DeadlineContract['law'], e: ContractEvent): DutyCode =>
  e.kind === 'change' ? CODES[law].change : CODES[law].execution;

/** Contract events of both sources (the contract's own lists and the execution module's events), by date. */
function allEvents(contract: DeadlineContract, events: ContractEvent[]): ContractEvent[] {
  return [
    ...contract.changes.map((e) => ({ ...e, kind: 'change' as const })),
    ...contract.executions.map((e) => ({ ...e, kind: 'execution' as const })),
    ...events,
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function eventItem(law: DeadlineContract['law'], e: ContractEvent, context: DutyContext): DueItem {
  return dutyDue(eventCode(law, e), e.date, e.publishedAt, context, (rule) => eventTitle(rule, e));
}

const registerItem = (contract: DeadlineContract, context: DutyContext): DueItem =>
  dutyDue(CODES[contract.law].register, contract.contractDate, contract.publishedAt, context);

/**
 * The duty one event brings, as contractDeadlines lists it among the others, or null when the
 * contract owes the register nothing: for counting new events in without the rest.
 */
export function eventDeadline(
  contract: DeadlineContract,
  event: ContractEvent,
  context: ContractDutyContext,
): DueItem | null {
  if (registerExemption(contract, context.config)) return null;
  return eventItem(contract.law, event, context);
}

function eventTitle(rule: DeadlineRule, e: ContractEvent): string {
  return `${rule.title} (${EVENT_WORDS[e.kind].nominative} от ${formatRuDate(toMoscowDate(e.date))})`;
}

const byDueDate = (a: { dueDate: string }, b: { dueDate: string }) =>
  a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0;

/**
 * Everything the contract owes the register: the contract itself, each change, each execution
 * event (execution, payment, acceptance, termination), and the conclusion window after the final
 * protocol when known. `events` are what the execution module records (payments from bank files,
 * acceptance from UPD); `contract.changes` / `contract.executions` are what an EIS import yields.
 * A 223-FZ contract under the register threshold owes no register entries. Each duty takes the
 * rule in force on its event's date.
 */
export function contractDeadlines(
  contract: DeadlineContract,
  events: ContractEvent[],
  context: ContractDutyContext,
): DueItem[] {
  const items: DueItem[] = [];
  const conclusion = conclusionItem(contract, context);
  if (conclusion) items.push(conclusion);
  if (!registerExemption(contract, context.config)) {
    items.push(registerItem(contract, context));
    for (const e of allEvents(contract, events)) items.push(eventItem(contract.law, e, context));
  }
  return items.sort(byDueDate);
}

function conclusionItem(contract: DeadlineContract, context: DutyContext): DueItem | null {
  if (contract.law !== '223' || !contract.finalProtocolPlacedAt) return null;
  return dutyDue('contract_conclusion', contract.finalProtocolPlacedAt, contract.contractDate, context);
}

/**
 * Violations found when a contract is imported from EIS: register entries placed late or not
 * placed by `today`, a contract concluded outside the window after the final protocol. Messages
 * are Russian and name the due date and the actual date.
 */
export function violationsForImportedContract(
  contract: DeadlineContract,
  events: ContractEvent[],
  context: ContractDutyContext,
): Violation[] {
  const word = CONTRACT_WORD[contract.law];
  const violations: Violation[] = [];
  const add = (rule: DeadlineRule, message: string, dueDate: string, doneDate: string | null) =>
    violations.push({
      duty: rule.duty,
      message,
      dueDate,
      doneDate,
      reference: rule.reference,
      unconfirmed: rule.unconfirmed,
    });
  const late = (subject: string, after: string, item: DueItem) => {
    const rule = ruleOn(item.duty, item.eventDate, context.config);
    if (item.status === 'done_late') {
      add(
        rule,
        `${subject} размещены в реестре позже ${periodGenitive(rule.period)} после ${after} (срок ${formatRuDate(item.dueDate)}, размещены ${formatRuDate(item.doneDate!)})`,
        item.dueDate,
        item.doneDate,
      );
    } else if (item.status === 'overdue') {
      add(
        rule,
        `${subject} не размещены в реестре: срок ${formatRuDate(item.dueDate)} истёк`,
        item.dueDate,
        null,
      );
    }
  };

  const conclusion = conclusionItem(contract, context);
  if (conclusion) conclusionViolations(contract, conclusion, context, add);

  if (!registerExemption(contract, context.config)) {
    late(`Сведения о ${word}е`, 'заключения', registerItem(contract, context));
    for (const e of allEvents(contract, events)) {
      const item = eventItem(contract.law, e, context);
      const date = formatRuDate(item.eventDate);
      const subject =
        e.kind === 'change'
          ? `Сведения об изменении ${word}а от ${date}`
          : `Сведения об исполнении ${word}а (${EVENT_WORDS[e.kind].nominative} от ${date})`;
      late(subject, EVENT_WORDS[e.kind].genitive, item);
    }
  }
  return violations.sort(byDueDate);
}

function conclusionViolations(
  contract: DeadlineContract,
  item: DueItem,
  context: DutyContext,
  add: (rule: DeadlineRule, message: string, dueDate: string, doneDate: string | null) => void,
): void {
  const rule = ruleOn('contract_conclusion', item.eventDate, context.config);
  const concluded = toMoscowDate(contract.contractDate);
  if (item.status === 'done_late') {
    add(
      rule,
      `Договор заключён позже ${periodGenitive(rule.period)} после размещения итогового протокола (срок ${formatRuDate(item.dueDate)}, заключён ${formatRuDate(concluded)})`,
      item.dueDate,
      concluded,
    );
  }
  const earliest = dutyEarliestDate('contract_conclusion', item.eventDate, context.calendar, context.config);
  if (rule.earliest && earliest && concluded < earliest) {
    add(
      rule,
      `Договор заключён ранее чем через ${periodAccusative(rule.earliest)} после размещения итогового протокола (не ранее ${formatRuDate(earliest)}, заключён ${formatRuDate(concluded)})`,
      earliest,
      concluded,
    );
  }
}
