import type { CatalogDescriptor } from '@zakupki/shared/api/catalogs';
import type { CatalogScreenState } from '../hooks/use-catalog-screen';
import { EntryFormModal } from './entry-form-modal';
import { ImportModal } from './import-modal';

/** The entry form and the XLSX import of a catalogue screen (table or ОКПД2 tree). */
export function CatalogModals({ d, s }: { d: CatalogDescriptor; s: CatalogScreenState }) {
  return (
    <>
      <EntryFormModal
        d={d}
        entry={s.editing}
        rights={s.rights}
        company={s.company}
        onClose={() => s.setEditing(null)}
      />
      <ImportModal
        d={d}
        opened={s.importing}
        rights={s.rights}
        company={s.company}
        onClose={() => s.setImporting(false)}
      />
    </>
  );
}
