import type { Permission } from '@zakupki/shared/roles';
import { useSelectedCompany } from '../../../lib/company';
import { useContractPermissions } from '../api/contracts';

/** The company the contract screens work in and what the user may do there. */
export function useContractsCompany() {
  const company = useSelectedCompany();
  const perms = useContractPermissions(company?.id ?? 0, { enabled: !!company });
  const can = (p: Permission) => perms.data?.includes(p) ?? false;
  return { company, companyId: company?.id ?? null, can, permissionsLoaded: perms.isSuccess };
}
