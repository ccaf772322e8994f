import type { Tariff } from '@zakupki/shared';
import type { CountedTariffRow } from './tariffs.repository.js';

/** A tariff as the API answers it, with the number of companies on it. */
export function toTariff(r: CountedTariffRow): Tariff {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    max_users: r.maxUsers,
    max_companies: r.maxCompanies,
    max_contracts_per_year: r.maxContractsPerYear,
    price_per_month: r.pricePerMonth,
    companies_count: Number(r.companiesCount),
    archived_at: r.archivedAt ? r.archivedAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export const toTariffOrNull = (r: CountedTariffRow | null): Tariff | null => (r ? toTariff(r) : null);
