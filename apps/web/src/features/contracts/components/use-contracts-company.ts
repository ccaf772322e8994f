import { mayCall, type RouteDef } from '@zakupki/shared/contract';
import { useSelectedCompany } from '../../../lib/company';
import { useContractPermissions } from '../api/contracts';

/**
 * The company the contract screens work in and what the user may do there: `can(route)` reads the
 * permission the route declares in packages/shared (the server's gate checks the same).
 */
export function useContractsCompany() {
  const company = useSelectedCompany();
  const perms = useContractPermissions(company?.id ?? 0, { enabled: !!company });
  const can = (route: RouteDef) => perms.isSuccess && mayCall(route, perms.data);
  return { company, companyId: company?.id ?? null, can, permissionsLoaded: perms.isSuccess };
}
