import { useEffect, useMemo } from 'react';
import {
  readLastCompanyId,
  readStoredCompanyId,
  resolveCompanySelection,
  type Selection,
  selectCompany,
  useSelectedCompany,
  writeLastCompanyId,
} from '../../lib/company';
import { useMyCompanies } from '../../lib/company-queries';
import { currentSession, useSession } from '../../lib/session-store';

/** The header's company selection (docs/product.md §4), kept in the selected-company store. */
export function useCompanySelection(): Selection & { loading: boolean; select: (id: number | null) => void } {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : null;
  const sessionCompany = session.status === 'authenticated' ? session.company : null;
  const isClient = user?.role === 'client';
  // GET /api/companies/my on header load for non-client roles; failures go to the console only
  const my = useMyCompanies({ enabled: !!user && !isClient, meta: { silent: true }, retry: 1 });
  const selected = useSelectedCompany();
  const loaded = isClient || my.isSuccess || my.isError;

  const selection = useMemo(
    () =>
      resolveCompanySelection({
        role: user?.role ?? 'client',
        ownCompanyId: user?.company_id ?? null,
        sessionCompany,
        myCompanies: my.data ?? null,
        storedId: selected?.id ?? readStoredCompanyId(),
        lastId: user ? readLastCompanyId(user.id) : null,
      }),
    [user, sessionCompany, my.data, selected?.id],
  );

  useEffect(() => {
    if (!user || !loaded) return;
    const c = selection.companies.find((x) => x.id === selection.selectedId) ?? null;
    selectCompany(c, !isClient);
    if (c && !isClient) writeLastCompanyId(user.id, c.id);
  }, [user, loaded, isClient, selection]);

  return {
    ...selection,
    loading: !loaded,
    select: (id) => {
      if (!currentSession()) return;
      selectCompany(selection.companies.find((c) => c.id === id) ?? null);
    },
  };
}
