import type { ProcurementMethodKind } from './eis223-procurement.types.js';

/**
 * Forms of 223-FZ notices whose root element names the method (TFF purchase.xsd):
 * `purchaseNoticeZK` is a quotation request, `…AE` an electronic auction, `…ESMBO` the SME-only
 * electronic forms. A plain `purchaseNotice` or `purchaseNoticeIS` ("иной способ") is known only
 * by the method's name.
 */
const BY_FORM: Record<string, { kind: ProcurementMethodKind; electronic: boolean }> = {
  OK: { kind: 'competition', electronic: false },
  KESMBO: { kind: 'competition', electronic: true },
  OA: { kind: 'auction', electronic: false },
  AE: { kind: 'auction', electronic: true },
  AE94: { kind: 'auction', electronic: true },
  AESMBO: { kind: 'auction', electronic: true },
  ZK: { kind: 'quotation_request', electronic: false },
  ZKESMBO: { kind: 'quotation_request', electronic: true },
  ZPESMBO: { kind: 'proposal_request', electronic: true },
  EP: { kind: 'single_supplier', electronic: false },
};

/** The method from its Russian name, as customers write it ("Открытый запрос цен в электронной форме"). */
export function methodKindByName(name: string | null): ProcurementMethodKind {
  const n = (name ?? '').toLowerCase();
  if (/единствен/.test(n)) return 'single_supplier';
  if (/котиров|запрос\s+цен/.test(n)) return 'quotation_request';
  if (/запрос\s+предложени/.test(n)) return 'proposal_request';
  if (/аукцион|редукцион/.test(n)) return 'auction';
  if (/конкурс/.test(n)) return 'competition';
  return 'other';
}

/** What an EIS method name says, in the shape of a methods catalogue entry's flags (`extra`). */
export type NamedMethodFlags = {
  form: ProcurementMethodKind;
  competitive: boolean;
  electronic: boolean;
  sme_only: boolean;
  closed: boolean;
  /** «квалификационный отбор»: only the qualified take part (not a flag of the law). */
  qualification: boolean;
};

/**
 * The method an EIS name describes (a plan position's or an imported contract's method name), as
 * the flags a catalogue entry carries, for modules/law's `methodKind` to read; null when the name
 * names no method. Negotiations and selections are competitive methods of the form 'other'.
 */
export function methodFlagsByName(name: string | null): NamedMethodFlags | null {
  const n = (name ?? '').toLowerCase();
  const form = methodKindByName(n);
  const otherCompetitive = /переговор|отбор/.test(n);
  if (form === 'other' && !otherCompetitive) return null;
  return {
    form,
    competitive: form !== 'single_supplier',
    electronic: /электрон/.test(n),
    sme_only: /субъект\S* малого/.test(n),
    closed: /закрыт/.test(n),
    qualification: /квалификац/.test(n),
  };
}

/**
 * The method of a notice or protocol: from the root element's form when it names one, else from
 * the method's name; electronic when the form or the name says so or a trading platform is given.
 */
export function procurementMethod(
  root: string,
  prefix: 'purchaseNotice' | 'purchaseProtocol',
  methodName: string | null,
  hasPlatform: boolean,
): { kind: ProcurementMethodKind; electronic: boolean } {
  const byForm = BY_FORM[root.slice(prefix.length)];
  const named = /электронн/i.test(methodName ?? '');
  if (byForm) return { kind: byForm.kind, electronic: byForm.electronic || named || hasPlatform };
  return { kind: methodKindByName(methodName), electronic: named || hasPlatform };
}
