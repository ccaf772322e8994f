/**
 * The kind of a procurement method as the law reads it, from the flags of its catalogue entry
 * (`catalog_entries.extra` of kind 'method': `form`, `competitive`, `electronic`, `sme_only`,
 * `closed`), never from its title or code. Callers pass the entry's `extra`; law does not read the
 * catalogue. Reading the method of an EIS notice from its XML (root form, method name) is parsing
 * and stays in kernel/eis; the import then stores the form it read as the entry's `form` flag.
 */

import { METHOD_FORMS, type MethodForm } from '@zakupki/shared';

/** The procedure form of a method (ст. 3.2–3.4 223-ФЗ): the shared list a catalogue entry's `form` is validated against. */
export { METHOD_FORMS, type MethodForm };

/** The `extra` of a methods catalogue entry, as stored (unknown values are ignored). */
export type MethodFlags = Record<string, unknown>;

export type MethodKind = {
  form: MethodForm;
  /** A competitive procurement (ч. 3 ст. 3 223-ФЗ): it has a notice and a bids deadline. */
  competitive: boolean;
  electronic: boolean;
  /** Only SMEs may take part (ст. 3.4 223-ФЗ). */
  smeOnly: boolean;
  /** A closed procedure (ст. 3.5 223-ФЗ). */
  closed: boolean;
};

const bool = (v: unknown) => v === true;
const isForm = (v: unknown): v is MethodForm =>
  typeof v === 'string' && (METHOD_FORMS as readonly string[]).includes(v);

/**
 * The method's kind from its entry's flags. An entry without `form` (a customer's own method made
 * before the flag existed) is 'other': it has the period its Положение version sets, none by law.
 * An entry without `competitive` is competitive unless its form is the single supplier.
 */
export function methodKind(flags: MethodFlags): MethodKind {
  const form: MethodForm = isForm(flags.form) ? flags.form : 'other';
  const competitive = typeof flags.competitive === 'boolean' ? flags.competitive : form !== 'single_supplier';
  return {
    form,
    competitive: form === 'single_supplier' ? false : competitive,
    electronic: bool(flags.electronic),
    smeOnly: bool(flags.sme_only),
    closed: bool(flags.closed),
  };
}

/** How the register and its exports group methods: a single supplier, a competitive one, another. */
export type RegisterMethodKind = 'single' | 'competitive' | 'other';

export function registerMethodKind(kind: MethodKind): RegisterMethodKind {
  if (kind.form === 'single_supplier') return 'single';
  return kind.competitive ? 'competitive' : 'other';
}

/** A notice is placed for the method (a competitive procurement); none for a single supplier. */
export const placesNotice = (kind: MethodKind): boolean => kind.competitive;

/** The flags an entry of the form is stored with (the seed and the EIS import write these). */
export function methodFlags(
  form: MethodForm,
  traits: { electronic: boolean; smeOnly?: boolean; closed?: boolean; competitive?: boolean },
): { form: MethodForm; competitive: boolean; electronic: boolean; sme_only: boolean; closed: boolean } {
  return {
    form,
    competitive: traits.competitive ?? (form !== 'single_supplier' && form !== 'other'),
    electronic: traits.electronic,
    sme_only: traits.smeOnly ?? false,
    closed: traits.closed ?? false,
  };
}

/**
 * Bids are ranked by their price alone (the lowest wins) in an auction and a request for
 * quotations (ч. 3.1-3.2 ст. 3 223-ФЗ: the winner offers the lowest price); other competitive
 * methods rank by the criteria of the Положение.
 */
export const ranksByPrice = (kind: MethodKind): boolean =>
  kind.form === 'auction' || kind.form === 'quotation_request';
