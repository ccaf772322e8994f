import { describe, expect, it } from 'vitest';
import {
  type MethodFlags,
  methodFlags,
  methodKind,
  placesNotice,
  ranksByPrice,
  registerMethodKind,
} from './law-methods.policy.js';

describe('methodKind: the kind from the entry flags, never from a title', () => {
  const cases: [string, MethodFlags, ReturnType<typeof methodKind>][] = [
    [
      'an electronic auction for SMEs',
      { form: 'auction', competitive: true, electronic: true, sme_only: true },
      { form: 'auction', competitive: true, electronic: true, smeOnly: true, closed: false },
    ],
    [
      'a single supplier stays non-competitive even if flagged competitive',
      { form: 'single_supplier', competitive: true },
      { form: 'single_supplier', competitive: false, electronic: false, smeOnly: false, closed: false },
    ],
    [
      'no form (a customer method made before the flag): other, competitive by default',
      { title: 'Аукцион' },
      { form: 'other', competitive: true, electronic: false, smeOnly: false, closed: false },
    ],
    [
      'an explicit non-competitive other method',
      { form: 'other', competitive: false },
      { form: 'other', competitive: false, electronic: false, smeOnly: false, closed: false },
    ],
    [
      'an unknown form is other; truthy non-boolean flags are not flags',
      { form: 'tender', electronic: 'yes', closed: 1 },
      { form: 'other', competitive: true, electronic: false, smeOnly: false, closed: false },
    ],
    [
      'a closed competition',
      { form: 'competition', closed: true },
      { form: 'competition', competitive: true, electronic: false, smeOnly: false, closed: true },
    ],
  ];
  it.each(cases)('%s', (_name, flags, expected) => {
    expect(methodKind(flags)).toEqual(expected);
  });
});

describe('registerMethodKind and placesNotice', () => {
  const cases: [MethodFlags, 'single' | 'competitive' | 'other', boolean][] = [
    [{ form: 'single_supplier' }, 'single', false],
    [{ form: 'quotation_request', electronic: true }, 'competitive', true],
    [{ form: 'other', competitive: false }, 'other', false],
    [{ form: 'proposal_request', competitive: true }, 'competitive', true],
  ];
  it.each(cases)('%o → %s, notice %s', (flags, kind, notice) => {
    const k = methodKind(flags);
    expect(registerMethodKind(k)).toBe(kind);
    expect(placesNotice(k)).toBe(notice);
  });
});

describe('methodFlags: what the seed and the EIS import store reads back as the same kind', () => {
  const cases: [Parameters<typeof methodFlags>[0], Parameters<typeof methodFlags>[1], boolean][] = [
    ['auction', { electronic: true, smeOnly: true }, true],
    ['single_supplier', { electronic: false }, false],
    ['other', { electronic: false }, false],
    ['competition', { electronic: false, closed: true }, true],
  ];
  it.each(cases)('%s %o: competitive %s', (form, traits, competitive) => {
    const stored = methodFlags(form, traits);
    expect(stored.competitive).toBe(competitive);
    const k = methodKind(stored);
    expect(k.form).toBe(form);
    expect(k.electronic).toBe(traits.electronic);
    expect(k.smeOnly).toBe(traits.smeOnly ?? false);
    expect(k.closed).toBe(traits.closed ?? false);
  });
});

describe('ranksByPrice: an auction and a request for quotations rank by price alone', () => {
  it.each([
    ['auction', true],
    ['quotation_request', true],
    ['competition', false],
    ['proposal_request', false],
    ['single_supplier', false],
    ['other', false],
  ] as const)('%s → %s', (form, expected) => {
    expect(ranksByPrice(methodKind({ form }))).toBe(expected);
  });
});
