import { methodKind, type RegisterMethodKind, registerMethodKind } from '../law/law-methods.policy.js';

/**
 * What the exports need to know about a contract's procurement method, read from what the register
 * keeps: a code of our methods catalogue (`single_supplier`, `e_auction_sme`, ...) with its flags,
 * an EIS purchase type code from an import (`30000`, `40000`, ...), or only the method's name.
 * Anything the data does not tell stays null; nothing is guessed.
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

function fromName(text: string): Pick<MethodInfo, 'kind' | 'electronic' | 'smeOnly'> {
  const t = text.toLowerCase();
  if (!t) return { kind: null, electronic: null, smeOnly: null };
  const single = /единствен/.test(t);
  const competitive = /конкурс|аукцион|котиров|предложени|переговор|отбор/.test(t);
  return {
    kind: single ? 'single' : competitive ? 'competitive' : null,
    electronic: /электронн/.test(t) ? true : null,
    smeOnly: /субъект\S* малого/.test(t) ? true : single || competitive ? false : null,
  };
}

function eisCodeFor(code: string | null, kind: MethodKind | null, text: string): string {
  if (code && Object.hasOwn(EIS_CODE_OF_METHOD, code)) return EIS_CODE_OF_METHOD[code];
  if (code && /^\d{1,5}$/.test(code)) return code;
  if (kind === 'single') return EIS_METHOD_CODES.single;
  if (/конкурс/.test(text)) return EIS_METHOD_CODES.tender;
  if (/аукцион/.test(text)) return EIS_METHOD_CODES.auction;
  return EIS_METHOD_CODES.other;
}

function ocdsFor(kind: MethodKind | null, text: string): OcdsMethod | null {
  if (kind === 'single') return 'direct';
  if (kind !== 'competitive') return null;
  if (/закрыт/.test(text)) return 'limited';
  if (/квалификац/.test(text)) return 'selective';
  return 'open';
}

/**
 * Classifies the method of a contract. The catalogue entry (the one chosen, or the one whose code
 * the contract keeps) wins, then the EIS code (30000 is a purchase from a single supplier), then
 * words of the name. The EIS purchase type is the seeded code's (EIS_CODE_OF_METHOD), else a code of
 * up to five digits as it is (an EIS import, or an entry coded so), else by the name's words.
 */
export function classifyMethod(
  code: string | null,
  name: string | null,
  catalog: MethodCatalogEntry | null = null,
): MethodInfo {
  const title = catalog?.title ?? name ?? null;
  const text = (title ?? '').toLowerCase();
  let info = fromName(text);
  if (catalog) {
    // the catalogue entry's flags, read by the law (modules/law)
    const k = methodKind(catalog.extra);
    info = { kind: registerMethodKind(k), electronic: k.electronic, smeOnly: k.smeOnly };
  } else if (code === EIS_METHOD_CODES.single) {
    info = { ...info, kind: 'single' };
  } else if (code === EIS_METHOD_CODES.tender || code === EIS_METHOD_CODES.auction) {
    info = { ...info, kind: 'competitive' };
  }
  if (info.kind === 'single' && info.smeOnly === null) info.smeOnly = false;
  return {
    ...info,
    eisCode: eisCodeFor(code, info.kind, text),
    eisName: title,
    ocds: ocdsFor(info.kind, text),
    title,
  };
}
