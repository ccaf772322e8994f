import { beforeEach, describe, expect, it } from 'vitest';
import {
  companyLabel,
  readStoredCompanyId,
  resolveCompanySelection,
  SELECTED_COMPANY_KEY,
  type SelectionInput,
  writeStoredCompanyId,
} from './company';

const A = { id: 1, title: 'ООО «Альфа»' };
const B = { id: 2, title: 'АО «Бета»' };
const C = { id: 3, title: null };

const base = (over: Partial<SelectionInput>): SelectionInput => ({
  role: 'specialist',
  ownCompanyId: 1,
  sessionCompany: A,
  myCompanies: [A, B],
  storedId: null,
  ...over,
});

describe('company selector rules (docs/product.md §4)', () => {
  it('an option without a title reads id:N', () => {
    expect(companyLabel(C)).toBe('id:3');
    expect(companyLabel({ id: 4, title: '  ' })).toBe('id:4');
    expect(resolveCompanySelection(base({ myCompanies: [A, C] })).options).toEqual([
      { value: 1, label: 'ООО «Альфа»' },
      { value: 3, label: 'id:3' },
    ]);
  });

  it('restores the stored choice when it is still in the list', () => {
    const s = resolveCompanySelection(base({ storedId: 2 }));
    expect(s.selectedId).toBe(2);
    expect(s.showSelector).toBe(true);
  });

  it('staff land on the company they used last, else the first with data, never the empty own one', () => {
    const list = [
      { ...A, has_data: false },
      { ...B, has_data: true },
      { ...C, has_data: true },
    ];
    // the first time: the first company with data
    expect(resolveCompanySelection(base({ myCompanies: list })).selectedId).toBe(2);
    // the company used last (kept across logins) wins over that
    expect(resolveCompanySelection(base({ myCompanies: list, lastId: 3 })).selectedId).toBe(3);
    // the choice of this session wins over both
    expect(resolveCompanySelection(base({ myCompanies: list, lastId: 3, storedId: 1 })).selectedId).toBe(1);
    // a last company no longer reachable is skipped
    expect(resolveCompanySelection(base({ myCompanies: list, lastId: 99 })).selectedId).toBe(2);
    // the options carry no has_data
    expect(resolveCompanySelection(base({ myCompanies: list })).companies[1]).toEqual(B);
  });

  it('ignores a stored choice that is no longer in the list', () => {
    expect(resolveCompanySelection(base({ storedId: 99 })).selectedId).toBe(1);
  });

  it('chooses the only company automatically and hides the selector', () => {
    const s = resolveCompanySelection(base({ myCompanies: [A], storedId: 2 }));
    expect(s.selectedId).toBe(1);
    expect(s.showSelector).toBe(false);
  });

  it('adds the own company for non-client roles when the list lacks it', () => {
    for (const role of ['admin', 'specialist', 'operator'] as const) {
      const s = resolveCompanySelection(base({ role, myCompanies: [B, C] }));
      expect(s.companies.map((c) => c.id)).toEqual([1, 2, 3]);
      expect(s.options[0]).toEqual({ value: 1, label: 'ООО «Альфа»' });
    }
  });

  it('the added own company without a known title reads id:N', () => {
    const s = resolveCompanySelection(base({ ownCompanyId: 7, sessionCompany: null, myCompanies: [B] }));
    expect(s.options.map((o) => o.label)).toEqual(['id:7', 'АО «Бета»']);
  });

  it('the own company alone (list failed to load) means one company and no selector', () => {
    const s = resolveCompanySelection(base({ myCompanies: null }));
    expect(s.companies).toEqual([A]);
    expect(s.showSelector).toBe(false);
    expect(s.selectedId).toBe(1);
  });

  it('a client has no selector and works in the session company, whatever is stored', () => {
    const s = resolveCompanySelection(base({ role: 'client', myCompanies: [A, B], storedId: 2 }));
    expect(s.showSelector).toBe(false);
    expect(s.selectedId).toBe(1);
    expect(s.companies).toEqual([A]);
  });

  it('an admin without a home company gets the list as is', () => {
    const s = resolveCompanySelection(
      base({ role: 'admin', ownCompanyId: null, sessionCompany: null, myCompanies: [B, C] }),
    );
    expect(s.companies).toEqual([B, C]);
    expect(s.selectedId).toBe(2);
  });
});

describe('selectedCompany in local storage', () => {
  beforeEach(() => localStorage.clear());
  it('keeps and reads the id', () => {
    writeStoredCompanyId(5);
    expect(localStorage.getItem(SELECTED_COMPANY_KEY)).toBe('5');
    expect(readStoredCompanyId()).toBe(5);
    writeStoredCompanyId(null);
    expect(readStoredCompanyId()).toBeNull();
  });
  it('treats garbage as nothing stored', () => {
    localStorage.setItem(SELECTED_COMPANY_KEY, 'abc');
    expect(readStoredCompanyId()).toBeNull();
  });
});
