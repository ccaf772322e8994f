import { methodFlagsByName } from '../../kernel/eis/eis223-method.js';
import {
  type MethodFlags,
  type MethodForm,
  methodKind,
  type RegisterMethodKind,
  registerMethodKind,
} from '../law/law-methods.policy.js';

/**
 * What the exports need to know about a contract's procurement method, read from what the register
 * keeps: a code of our methods catalogue (`single_supplier`, `e_auction_sme`, ...) with its flags,
 * an EIS purchase type code from an import (`30000`, `40000`, ...), or only the method's name
 * (parsed by kernel/eis). modules/law classifies all three alike from flags. Anything the data
 * does not tell stays null; nothing is guessed.
 */

export type MethodKind = RegisterMethodKind;
export type OcdsMethod = 'open' | 'selective' | 'limited' | 'direct';

export type MethodInfo = {
  /** null: the register does not say how the supplier was chosen. */
  kind: MethodKind | null;
  /** A procurement in electronic form; null when unknown. */
  electronic: boolean | null;
  /** Only SMEs could take part (ст. 3.4 223-ФЗ); null when unknown. */
  smeOnly: boolean | null;
  /** `purchaseTypeInfo/code` of the EIS contract information. */
  eisCode: string;
  eisName: string | null;
  /** OCDS `tender.procurementMethod`; null when the method is unknown. */
  ocds: OcdsMethod | null;
  title: string | null;
};

/** A row of the methods catalogue (kind 'method'): `extra` carries competitive / electronic / sme_only. */
export type MethodCatalogEntry = { code: string; title: string; extra: Record<string, unknown> };

/** EIS purchase type codes named by Types.xsd (`purchaseTypeInfo` documentation). */
export const EIS_METHOD_CODES = {
  tender: '11011',
  auction: '12012',
  single: '30000',
  other: '40000',
} as const;

/**
 * The EIS purchase type of each method the methods catalogue is seeded with (its codes): tenders
 * are 11011, auctions 12012, the single supplier 30000, every other method of the customer's
 * procurement regulation (quotations, proposals, negotiations, qualification) 40000.
 */
export const EIS_CODE_OF_METHOD: Readonly<Record<string, string>> = {
  open_tender: EIS_METHOD_CODES.tender,
  e_tender: EIS_METHOD_CODES.tender,
  closed_tender: EIS_METHOD_CODES.tender,
  e_tender_sme: EIS_METHOD_CODES.tender,
  open_auction: EIS_METHOD_CODES.auction,
  e_auction: EIS_METHOD_CODES.auction,
  closed_auction: EIS_METHOD_CODES.auction,
  e_auction_sme: EIS_METHOD_CODES.auction,
  e_quotation: EIS_METHOD_CODES.other,
  closed_quotation: EIS_METHOD_CODES.other,
  e_proposal: EIS_METHOD_CODES.other,
  closed_proposal: EIS_METHOD_CODES.other,
  negotiations: EIS_METHOD_CODES.other,
  qualification: EIS_METHOD_CODES.other,
  e_quotation_sme: EIS_METHOD_CODES.other,
  e_proposal_sme: EIS_METHOD_CODES.other,
  single_supplier: EIS_METHOD_CODES.single,
};

/** The EIS purchase type of a method's form (the seeded codes keep theirs, EIS_CODE_OF_METHOD). */
const EIS_CODE_OF_FORM: Partial<Record<MethodForm, string>> = {
  competition: EIS_METHOD_CODES.tender,
  auction: EIS_METHOD_CODES.auction,
  single_supplier: EIS_METHOD_CODES.single,
};

/** What an EIS purchase type code says of the method (30000 a single supplier, 11011 a tender ...). */
const FORM_OF_EIS_CODE: Record<string, MethodForm> = {
  [EIS_METHOD_CODES.single]: 'single_supplier',
  [EIS_METHOD_CODES.tender]: 'competition',
  [EIS_METHOD_CODES.auction]: 'auction',
};

function eisCodeFor(code: string | null, form: MethodForm | null): string {
  if (code && Object.hasOwn(EIS_CODE_OF_METHOD, code)) return EIS_CODE_OF_METHOD[code];
  if (code && /^\d{1,5}$/.test(code)) return code;
  return (form && EIS_CODE_OF_FORM[form]) ?? EIS_METHOD_CODES.other;
}

function ocdsFor(kind: MethodKind | null, closed: boolean, qualification: boolean): OcdsMethod | null {
  if (kind === 'single') return 'direct';
  if (kind !== 'competitive') return null;
  if (closed) return 'limited';
  if (qualification) return 'selective';
  return 'open';
}

/**
 * Classifies the method of a contract, always through modules/law's `methodKind`: the flags of the
 * catalogue entry (the one chosen, or the one whose code the contract keeps) win; else the EIS code
 * (30000 is a purchase from a single supplier); else what the EIS method name says, parsed by
 * kernel/eis into the same flags. The EIS purchase type is the seeded code's (EIS_CODE_OF_METHOD),
 * else a code of up to five digits as it is (an EIS import, or an entry coded so), else the form's.
 */
export function classifyMethod(
  code: string | null,
  name: string | null,
  catalog: MethodCatalogEntry | null = null,
): MethodInfo {
  const title = catalog?.title ?? name ?? null;
  const named = methodFlagsByName(title);
  const byCode = !catalog && code ? FORM_OF_EIS_CODE[code] : undefined;
  const flags: MethodFlags | null = catalog
    ? catalog.extra
    : byCode
      ? { ...named, form: byCode, competitive: byCode !== 'single_supplier' }
      : named;
  const k = flags ? methodKind(flags) : null;
  const kind = k ? registerMethodKind(k) : null;
  return {
    kind,
    // a name that does not say «электронн» leaves the form unknown; a catalogue entry says
    electronic: catalog ? (k?.electronic ?? null) : named?.electronic ? true : null,
    // an EIS code alone tells a single supplier (not SME-only), nothing more
    smeOnly: k && (catalog || named || kind === 'single') ? k.smeOnly : null,
    eisCode: eisCodeFor(code, k?.form ?? null),
    eisName: title,
    ocds: ocdsFor(kind, k?.closed ?? false, named?.qualification ?? false),
    title,
  };
}
