import { NMCK_METHOD_TITLES, NMCK_METHODS, type NmckMethod, type NmckSettings } from '@zakupki/shared';

/**
 * The methods of setting an НМЦД (ч. 1 ст. 22 44-ФЗ, followed by the Положения under 223-ФЗ as
 * common practice; docs/domain.md): their order of preference (market analysis first), and the
 * defaults of a Положение version's justification settings (docs/nmck.md). The method a
 * justification applies is written to the procurement as the entry of the НМЦД methods catalogue
 * (type 1) with the code below.
 */
export const NMCK_METHOD_ORDER: readonly NmckMethod[] = NMCK_METHODS;

/** The code of each method in the НМЦД methods catalogue (catalogs seed, type 1). */
export const NMCK_METHOD_CATALOG_CODE: Record<NmckMethod, string> = {
  market: '1',
  normative: '2',
  tariff: '3',
  design_estimate: '4',
  cost: '5',
};

export const nmckMethodTitle = (m: NmckMethod) => NMCK_METHOD_TITLES[m];

/**
 * The defaults: every method in the order above, at least three prices, a coefficient of
 * variation of at most 33 % (the Минэкономразвития recommendations, приказ № 567), the mean as
 * the unit price, prices with VAT, a price older than six months flagged.
 */
export const DEFAULT_NMCK_VERSION_SETTINGS: NmckSettings = {
  methods: [...NMCK_METHOD_ORDER],
  min_prices: 3,
  max_variation: 33,
  unit_price: 'mean',
  vat_basis: 'with_vat',
  max_age_months: 6,
};
