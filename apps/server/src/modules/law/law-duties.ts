import { monthName } from '@zakupki/shared';
import { applyPeriod, periodAccusative, periodGenitive } from '../calendar/due-dates.policy.js';
import { formatRuDate } from '../calendar/iso-date.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import { type DueItem, dueItem, formatRub, priceToKopecks, toMoscowDate } from './deadline-core.js';
import type { DeadlineConfig, DeadlineRule, DutyCode } from './deadline-rules.js';

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

type Context = { calendar: ProductionCalendar; today: string; dueSoonWorkingDays: number };

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
 * customer with revenue above 5 bn rub), or null when it does.
 */
export function registerExemption(contract: DeadlineContract, config: DeadlineConfig): string | null {
  if (contract.law !== '223' || config.registerSmallContracts) return null;
  const threshold = contract.customerRevenueOver5bn
    ? config.registerThreshold.largeCustomer
    : config.registerThreshold.standard;
  if (priceToKopecks(contract.price) > priceToKopecks(threshold)) return null;
  return `Цена договора ${formatRub(contract.price)} не превышает ${formatRub(threshold)}: сведения в реестр договоров можно не размещать (ч. 15 ст. 4 223-ФЗ)`;
}

function rulesFor(law: DeadlineContract['law'], config: DeadlineConfig) {
  const r = config.rules;
  return law === '44'
    ? { register: r.contract_register_44, change: r.contract_change_44, execution: r.contract_execution_44 }
    : { register: r.contract_register, change: r.contract_change, execution: r.contract_execution };
}

/** Contract events of both sources (the contract's own lists and the execution module's events), by date. */
function allEvents(contract: DeadlineContract, events: ContractEvent[]): ContractEvent[] {
  return [
    ...contract.changes.map((e) => ({ ...e, kind: 'change' as const })),
    ...contract.executions.map((e) => ({ ...e, kind: 'execution' as const })),
    ...events,
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function eventItem(rules: ReturnType<typeof rulesFor>, e: ContractEvent, context: Context): DueItem {
  const rule = e.kind === 'change' ? rules.change : rules.execution;
  return dueItem(rule, eventTitle(rule, e), e.date, e.publishedAt, context);
}

/**
 * The duty one event brings, as contractDeadlines lists it among the others, or null when the
 * contract owes the register nothing: for counting new events in without the rest.
 */
export function eventDeadline(
  contract: DeadlineContract,
  event: ContractEvent,
  calendar: ProductionCalendar,
  config: DeadlineConfig,
  today: string,
): DueItem | null {
  if (registerExemption(contract, config)) return null;
  const context: Context = { calendar, today, dueSoonWorkingDays: config.dueSoonWorkingDays };
  return eventItem(rulesFor(contract.law, config), event, context);
}

function eventTitle(rule: DeadlineRule, e: ContractEvent): string {
  return `${rule.title} (${EVENT_WORDS[e.kind].nominative} от ${formatRuDate(toMoscowDate(e.date))})`;
}

/**
 * Everything the contract owes the register: the contract itself, each change, each execution
 * event (execution, payment, acceptance, termination), and the conclusion window after the final
 * protocol when known. `events` are what the execution module records (payments from bank files,
 * acceptance from UPD); `contract.changes` / `contract.executions` are what an EIS import yields.
 * A 223-FZ contract under the register threshold owes no register entries.
 */
export function contractDeadlines(
  contract: DeadlineContract,
  events: ContractEvent[],
  calendar: ProductionCalendar,
  config: DeadlineConfig,
  today: string,
): DueItem[] {
  const context: Context = { calendar, today, dueSoonWorkingDays: config.dueSoonWorkingDays };
  const items: DueItem[] = [];
  const conclusion = conclusionItem(contract, config, context);
  if (conclusion) items.push(conclusion);
  if (!registerExemption(contract, config)) {
    const rules = rulesFor(contract.law, config);
    items.push(
      dueItem(rules.register, rules.register.title, contract.contractDate, contract.publishedAt, context),
    );
    for (const e of allEvents(contract, events)) items.push(eventItem(rules, e, context));
  }
  return items.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
}

function conclusionItem(
  contract: DeadlineContract,
  config: DeadlineConfig,
  context: Context,
): DueItem | null {
  if (contract.law !== '223' || !contract.finalProtocolPlacedAt) return null;
  const rule = config.rules.contract_conclusion;
  return dueItem(rule, rule.title, contract.finalProtocolPlacedAt, contract.contractDate, context);
}

/**
 * Violations found when a contract is imported from EIS: register entries placed late or not
 * placed by `today`, a contract concluded outside the window after the final protocol. Messages
 * are Russian and name the due date and the actual date.
 */
export function violationsForImportedContract(
  contract: DeadlineContract,
  events: ContractEvent[],
  calendar: ProductionCalendar,
  config: DeadlineConfig,
  today: string,
): Violation[] {
  const word = CONTRACT_WORD[contract.law];
  const rules = rulesFor(contract.law, config);
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
  const late = (subject: string, after: string, rule: DeadlineRule, item: DueItem) => {
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

  const context: Context = { calendar, today, dueSoonWorkingDays: config.dueSoonWorkingDays };
  const conclusion = conclusionItem(contract, config, context);
  if (conclusion) conclusionViolations(contract, conclusion, calendar, config, add);

  if (!registerExemption(contract, config)) {
    const register = dueItem(
      rules.register,
      rules.register.title,
      contract.contractDate,
      contract.publishedAt,
      context,
    );
    late(`Сведения о ${word}е`, 'заключения', rules.register, register);
    for (const e of allEvents(contract, events)) {
      const rule = e.kind === 'change' ? rules.change : rules.execution;
      const item = dueItem(rule, eventTitle(rule, e), e.date, e.publishedAt, context);
      const date = formatRuDate(item.eventDate);
      const subject =
        e.kind === 'change'
          ? `Сведения об изменении ${word}а от ${date}`
          : `Сведения об исполнении ${word}а (${EVENT_WORDS[e.kind].nominative} от ${date})`;
      late(subject, EVENT_WORDS[e.kind].genitive, rule, item);
    }
  }
  return violations.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
}

function conclusionViolations(
  contract: DeadlineContract,
  item: DueItem,
  calendar: ProductionCalendar,
  config: DeadlineConfig,
  add: (rule: DeadlineRule, message: string, dueDate: string, doneDate: string | null) => void,
): void {
  const rule = config.rules.contract_conclusion;
  const concluded = toMoscowDate(contract.contractDate);
  if (item.status === 'done_late') {
    add(
      rule,
      `Договор заключён позже ${periodGenitive(rule.period)} после размещения итогового протокола (срок ${formatRuDate(item.dueDate)}, заключён ${formatRuDate(concluded)})`,
      item.dueDate,
      concluded,
    );
  }
  if (rule.earliest) {
    const earliest = applyPeriod(rule.earliest, item.eventDate, calendar, false);
    if (concluded < earliest) {
      add(
        rule,
        `Договор заключён ранее чем через ${periodAccusative(rule.earliest)} после размещения итогового протокола (не ранее ${formatRuDate(earliest)}, заключён ${formatRuDate(concluded)})`,
        earliest,
        concluded,
      );
    }
  }
}

/** The monthly report on contracts for `month` (1-12) of `year`: by the 10th of the next month. */
export function monthlyReportItem(
  year: number,
  month: number,
  submittedAt: string | null,
  calendar: ProductionCalendar,
  config: DeadlineConfig,
  today: string,
): DueItem {
  const rule = config.rules.monthly_report;
  const event = `${year}-${String(month).padStart(2, '0')}-01`;
  const title = `${rule.title} за ${monthName(month)} ${year} г.`;
  return dueItem(rule, title, event, submittedAt, {
    calendar,
    today,
    dueSoonWorkingDays: config.dueSoonWorkingDays,
  });
}

/** The annual report on purchases from SMEs for `year`: by 1 February of the next year. */
export function smeAnnualReportItem(
  year: number,
  submittedAt: string | null,
  calendar: ProductionCalendar,
  config: DeadlineConfig,
  today: string,
): DueItem {
  const rule = config.rules.sme_annual_report;
  return dueItem(rule, `${rule.title} за ${year} г.`, `${year}-01-01`, submittedAt, {
    calendar,
    today,
    dueSoonWorkingDays: config.dueSoonWorkingDays,
  });
}

/** Any other duty counted from an event: a protocol signed, rules or a plan approved or changed. */
export function dutyItem(
  duty: DutyCode,
  eventDate: string,
  doneDate: string | null,
  calendar: ProductionCalendar,
  config: DeadlineConfig,
  today: string,
  title?: string,
): DueItem {
  const rule = config.rules[duty];
  return dueItem(rule, title ?? rule.title, eventDate, doneDate, {
    calendar,
    today,
    dueSoonWorkingDays: config.dueSoonWorkingDays,
  });
}
