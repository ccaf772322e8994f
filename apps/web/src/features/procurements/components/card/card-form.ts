import type { UseFormReturnType } from '@mantine/form';
import type { Procurement } from '@zakupki/shared/api/procurements';
import type { ProcurementValues } from '../../model/form';

/** What the card's editing tabs share: the one form of the procurement and whether it is read-only. */
export type CardFormProps = {
  companyId: number;
  procurement: Procurement;
  form: UseFormReturnType<ProcurementValues>;
  readOnly: boolean;
};
