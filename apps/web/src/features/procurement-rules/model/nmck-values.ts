import {
  NMCK_METHOD_TITLES,
  NMCK_METHODS,
  type NmckMethod,
  type NmckSettingsInput,
} from '@zakupki/shared/api/nmck';

/**
 * The НМЦД justification settings of a version as the form edits them (docs/nmck.md): every
 * method in its order, each allowed or not; the allowed ones, in that order, are the body's
 * `methods` (the first is a justification's default).
 */
export type NmckOrderRow = { method: NmckMethod; allowed: boolean };
export type NmckValues = {
  order: NmckOrderRow[];
  min_prices: number | string;
  max_variation: number | string;
  unit_price: 'mean' | 'min';
  vat_basis: 'with_vat' | 'without_vat';
  max_age_months: number | string;
};

export const UNIT_PRICE_TITLES = { mean: 'Среднее арифметическое', min: 'Минимальная цена' } as const;
export const VAT_BASIS_TITLES = { with_vat: 'С НДС', without_vat: 'Без НДС' } as const;

/** The server's defaults (law-nmck-methods.ts), for a version answered before it kept any. */
const DEFAULTS: NmckSettingsInput = {
  methods: [...NMCK_METHODS],
  min_prices: 3,
  max_variation: 33,
  unit_price: 'mean',
  vat_basis: 'with_vat',
  max_age_months: 6,
};

export function toNmckValues(s: NmckSettingsInput | null | undefined): NmckValues {
  const v = s ?? DEFAULTS;
  const allowed = v.methods as NmckMethod[];
  return {
    order: [
      ...allowed.map((method) => ({ method, allowed: true })),
      ...NMCK_METHODS.filter((m) => !allowed.includes(m)).map((method) => ({ method, allowed: false })),
    ],
    min_prices: Number(v.min_prices),
    max_variation: Number(v.max_variation),
    unit_price: v.unit_price,
    vat_basis: v.vat_basis,
    max_age_months: Number(v.max_age_months),
  };
}

const num = (v: number | string) => (v === '' ? undefined : v);

export const toNmckBody = ({ order, ...v }: NmckValues) => ({
  methods: order.filter((r) => r.allowed).map((r) => r.method),
  min_prices: num(v.min_prices),
  max_variation: num(v.max_variation),
  unit_price: v.unit_price,
  vat_basis: v.vat_basis,
  max_age_months: num(v.max_age_months),
});

/** «Метод сопоставимых рыночных цен (анализа рынка) → Нормативный метод». */
export const nmckMethodsText = (methods: readonly NmckMethod[]) =>
  methods.map((m) => NMCK_METHOD_TITLES[m]).join(' → ');
