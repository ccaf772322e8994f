import type { CatalogDescriptor } from '@zakupki/shared/api/catalogs';
import type { Role } from '@zakupki/shared/roles';
import { useState } from 'react';
import { notices } from '../../../components/notices/notices.store';
import { useSelectedCompany } from '../../../lib/company';
import { useSession } from '../../../lib/session-store';
import { type CatalogItem, useExportXlsx } from '../api/catalogs';
import { useCatalogFilters } from './use-catalog-filters';
import { useCatalogRights } from './use-catalog-rights';
import { useEntryActions } from './use-entry-actions';

/**
 * What both catalogue screens (table and ОКПД2 tree) share: the selected company (entries are
 * the global ones plus that company's), the URL filters, the user's rights to add entries (row
 * actions follow each item's `can_write`), the open dialogs, row actions and the XLSX export of
 * the current view.
 */
export function useCatalogScreen(d: CatalogDescriptor) {
  const session = useSession();
  const role: Role = session.status === 'authenticated' ? session.user.role : 'client';
  const company = useSelectedCompany();
  const companyId = d.company_entries ? (company?.id ?? null) : null;
  const { filters, update } = useCatalogFilters(d);
  const rights = useCatalogRights(d, role, companyId);
  const [editing, setEditing] = useState<CatalogItem | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const actions = useEntryActions(d);
  const exporting = useExportXlsx(d, filters, companyId, {
    onSuccess: (name) => notices.success('Файл выгружен', name),
  });
  return {
    role,
    company,
    companyId,
    filters,
    update,
    rights,
    /** may add entries and import a file */
    canCreate: rights.global || rights.company,
    editing,
    setEditing,
    importing,
    setImporting,
    actions,
    exporting,
  };
}

export type CatalogScreenState = ReturnType<typeof useCatalogScreen>;
