import { mayCall, type RouteDef } from '@zakupki/shared/contract';
import { useSelectedCompany } from '../../../lib/company';
import { useProcurementPermissions } from '../api/procurements';

/**
 * The company the procurement screens work in and what the user may do there: `can(route)` reads
 * the permission the route declares in packages/shared (the server's gate checks the same).
 */
export function useProcurementsCompany() {
  const company = useSelectedCompany();
  const perms = useProcurementPermissions(company?.id ?? 0, { enabled: !!company });
  const can = (route: RouteDef) => perms.isSuccess && mayCall(route, perms.data);
  return { company, companyId: company?.id ?? null, can, permissionsLoaded: perms.isSuccess };
}
