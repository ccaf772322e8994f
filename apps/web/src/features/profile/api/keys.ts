import { companyKeys } from '../../../lib/company-queries';
import { queryRoots } from '../../../lib/query-keys';

/** Keys of the profile screens: the session and the company's own data under `companyKeys`. */
export const profileKeys = {
  session: () => [...queryRoots.auth, 'session'] as const,
  eisSettings: (companyId: number) => companyKeys.resource(companyId, 'eis_settings'),
  eisSync: (companyId: number) => companyKeys.resource(companyId, 'eis_sync'),
  companyUsers: companyKeys.users,
  /** a sub-resource (contacts, bank_details, customers): every page and filter */
  items: (companyId: number, resource: string) => companyKeys.resource(companyId, resource),
  itemList: (companyId: number, resource: string, query: Record<string, unknown>) =>
    companyKeys.resourceList(companyId, resource, query),
};
