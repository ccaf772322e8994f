import type { CompanyRef } from '@zakupki/shared/api/auth';
import type { Role } from '@zakupki/shared/roles';
import { createStore, useStore } from './store';

/**
 * Company selection (docs/product.md §4): options from GET /companies/my for non-client roles with the
 * user's own company added when missing; the choice kept in local storage `selectedCompany` and
 * restored when still in the list; exactly one company is chosen automatically and the selector
 * hidden; a client has no selector and works in the session company.
 */
export const SELECTED_COMPANY_KEY = 'selectedCompany';

export type CompanyOption = { value: number; label: string };

/** `name`: the title, or `id:N` without one. */
export const companyLabel = (c: CompanyRef) => (c.title?.trim() ? c.title : `id:${c.id}`);

export type SelectionInput = {
  role: Role;
  /** the user's home company id */
  ownCompanyId: number | null;
  /** the session company (title of the own company) */
  sessionCompany: CompanyRef | null;
  /** GET /companies/my (with whether each holds data); null when not loaded (client, or the request failed) */
  myCompanies: (CompanyRef & { has_data?: boolean })[] | null;
  /** the id kept in local storage */
  storedId: number | null;
  /** the company this user worked in last (kept across logins), if known */
  lastId?: number | null;
};

export type Selection = {
  companies: CompanyRef[];
  options: CompanyOption[];
  selectedId: number | null;
  /** show the selector: non-client with more than one company */
  showSelector: boolean;
};

export function resolveCompanySelection(input: SelectionInput): Selection {
  const { role, ownCompanyId, sessionCompany, myCompanies, storedId } = input;
  let companies: CompanyRef[];
  if (role === 'client') {
    companies = sessionCompany ? [sessionCompany] : [];
  } else {
    companies = (myCompanies ?? []).map(({ id, title }) => ({ id, title }));
    if (ownCompanyId !== null && !companies.some((c) => c.id === ownCompanyId)) {
      const title = sessionCompany?.id === ownCompanyId ? sessionCompany.title : null;
      companies.unshift({ id: ownCompanyId, title });
    }
  }
  const options = companies.map((c) => ({ value: c.id, label: companyLabel(c) }));
  const listed = (id: number | null | undefined) => id != null && companies.some((c) => c.id === id);
  // staff land on the company they worked in last; the first time on the first one with data,
  // not on the provider's own (empty) company
  const withData = role === 'client' ? undefined : myCompanies?.find((c) => c.has_data && listed(c.id))?.id;
  let selectedId: number | null = null;
  if (companies.length === 1) selectedId = companies[0].id;
  else if (listed(storedId)) selectedId = storedId;
  else if (listed(input.lastId)) selectedId = input.lastId as number;
  else if (withData !== undefined) selectedId = withData;
  else if (listed(ownCompanyId)) selectedId = ownCompanyId;
  else selectedId = companies[0]?.id ?? null;
  return { companies, options, selectedId, showSelector: role !== 'client' && companies.length > 1 };
}

export function readStoredCompanyId(): number | null {
  try {
    const raw = localStorage.getItem(SELECTED_COMPANY_KEY);
    const n = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch (err) {
    console.error('Could not read selectedCompany from local storage', err);
    return null;
  }
}

export function writeStoredCompanyId(id: number | null) {
  try {
    if (id === null) localStorage.removeItem(SELECTED_COMPANY_KEY);
    else localStorage.setItem(SELECTED_COMPANY_KEY, String(id));
  } catch (err) {
    console.error('Could not write selectedCompany to local storage', err);
  }
}

/**
 * The company a user worked in last, per user, kept across logins (`selectedCompany` is cleared
 * at logout): staff land there next time.
 */
const lastCompanyKey = (userId: number) => `lastCompany:${userId}`;

export function readLastCompanyId(userId: number): number | null {
  try {
    const n = Number(localStorage.getItem(lastCompanyKey(userId)) ?? Number.NaN);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch (err) {
    console.error('Could not read lastCompany from local storage', err);
    return null;
  }
}

export function writeLastCompanyId(userId: number, id: number) {
  try {
    localStorage.setItem(lastCompanyKey(userId), String(id));
  } catch (err) {
    console.error('Could not write lastCompany to local storage', err);
  }
}

/** The company every screen works in (null until known). */
export const selectedCompanyStore = createStore<CompanyRef | null>(null);
export const useSelectedCompany = () => useStore(selectedCompanyStore);

/** Chooses a company: screens follow, the choice is remembered. */
export function selectCompany(company: CompanyRef | null, remember = true) {
  const prev = selectedCompanyStore.get();
  if (prev?.id !== company?.id || prev?.title !== company?.title) selectedCompanyStore.set(company);
  if (remember && company) writeStoredCompanyId(company.id);
}

/**
 * Where a screen goes when the user picks another company in the header: a page of one object
 * (a procurement, its documentation, a plan position, a Положение, a file, a contract's card)
 * belongs to the company left, so it becomes the same list of the new company; a list stays
 * (its filters kept) and reloads for the new company. Null: stay where you are.
 */
export function listAfterCompanySwitch(pathname: string, search: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const params = new URLSearchParams(search);
  if (/^\/documents\/[^/]+$/.test(path) || /^\/procurement_documents\/[^/]+$/.test(path)) return '/documents';
  if (/^\/eisPlanItems\/[^/]+$/.test(path)) return '/eisPlans';
  if (path === '/eisPlans' && params.has('plan')) return '/eisPlans';
  if (/^\/procurementsRules\/.+/.test(path)) return '/procurementsRules';
  if (/^\/files\/[^/]+$/.test(path)) return '/';
  if (path === '/contracts/register' && params.has('contract')) return '/contracts/register';
  if (path === '/contracts/execution' && params.has('upd')) return '/contracts/execution';
  return null;
}
