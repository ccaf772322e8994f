import { type CatalogDescriptor, mayWriteGlobalCatalog } from '@zakupki/shared/api/catalogs';
import type { Permission, Role } from '@zakupki/shared/roles';
import { useCompanyPermissions } from '../../../lib/company-queries';

export type CatalogRights = {
  /** may add global entries (shared by every company) */
  global: boolean;
  /** may add the selected company's own entries */
  company: boolean;
};

/**
 * Who may add entries, and of which owner («Добавить», «Загрузить из XLSX», the owner choice):
 * global ones — admin and specialists (tariffs: the admin alone); the company's — staff with its
 * `catalogs.write` permission, a client only where the catalogue lets clients write (places of
 * delivery). Existing entries need no guess: each item's `can_write` comes from the server's
 * write policy (catalogs.policy.ts).
 */
export function catalogRights(
  d: CatalogDescriptor,
  role: Role,
  companyId: number | null,
  permissions: readonly Permission[] | undefined,
): CatalogRights {
  const global = d.kind === 'tariff' ? role === 'admin' : mayWriteGlobalCatalog(role);
  const company =
    d.company_entries &&
    companyId !== null &&
    (role === 'client'
      ? d.client_writes
      : Array.isArray(permissions) && permissions.includes('catalogs.write'));
  return { global, company };
}

export function useCatalogRights(d: CatalogDescriptor, role: Role, companyId: number | null): CatalogRights {
  const needPermissions = d.company_entries && companyId !== null && role !== 'client';
  const perms = useCompanyPermissions(companyId ?? 0, {
    enabled: needPermissions,
    meta: { silent: true },
    staleTime: 60_000,
  });
  return catalogRights(d, role, companyId, perms.data);
}
