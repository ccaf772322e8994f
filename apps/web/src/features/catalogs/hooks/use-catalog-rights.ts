import { useQuery } from '@tanstack/react-query';
import { type CatalogDescriptor, mayWriteGlobalCatalog } from '@zakupki/shared/api/catalogs';
import type { Permission, Role } from '@zakupki/shared/roles';
import { companyPermissionsQuery } from '../api/catalogs';

export type CatalogRights = {
  /** may add and change global entries (shared by every company) */
  global: boolean;
  /** may add and change the selected company's own entries */
  company: boolean;
};

/**
 * Who may write what (the server decides the same way, catalogs.policy.ts): global entries —
 * admin and specialists (tariffs: the admin alone); company entries — staff with the company's
 * `catalogs.write` permission, a client only where the catalogue lets clients write (places of
 * delivery) and only for its own company.
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

/** May the user change this entry? A global entry needs `global`, a company entry `company`. */
export const mayWriteEntry = (
  rights: CatalogRights,
  entry: { company_id?: number | null },
  companyId: number | null,
) => ((entry.company_id ?? null) === null ? rights.global : rights.company && entry.company_id === companyId);

export function useCatalogRights(d: CatalogDescriptor, role: Role, companyId: number | null): CatalogRights {
  const needPermissions = d.company_entries && companyId !== null && role !== 'client';
  const perms = useQuery({
    ...companyPermissionsQuery(companyId ?? 0),
    enabled: needPermissions,
    meta: { silent: true },
  });
  return catalogRights(d, role, companyId, perms.data);
}
