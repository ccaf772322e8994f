import type { Contract } from '@zakupki/shared/api/contracts';
import { useState } from 'react';
import {
  useCatalogOptions,
  useCustomerOptions,
  usePlanPositionOptions,
  useProcurementMethods,
} from '../../api/contracts';
import { KEEP_CUSTOMER, KEEP_METHOD } from '../../model/general-values';

type Option = { value: string; label: string };

/** «number — subject» of a plan position, the subject cut to fit a select. */
const positionLabel = (number: string, subject: string) =>
  `${number} — ${subject.length > 120 ? `${subject.slice(0, 119)}…` : subject}`;

/** A catalogue's live entries as options; an archived or unknown current one stays shown. */
function catalogOptions(
  list:
    | { items: { id: number; code: string | null; title: string; archived_at: string | null }[] }
    | undefined,
  current: number | null | undefined,
): Option[] {
  const opts = (list?.items ?? [])
    .filter((e) => !e.archived_at || e.id === current)
    .map((e) => ({ value: String(e.id), label: e.code ? `${e.code}. ${e.title}` : e.title }));
  if (current && !opts.some((o) => o.value === String(current))) {
    opts.push({ value: String(current), label: `Запись справочника id:${current}` });
  }
  return opts;
}

/**
 * The pickers of «Общие сведения»: customers, catalogue entries, procurement methods and plan
 * positions, each keeping the contract's own value when it is not (or no longer) in its list.
 */
export function useGeneralOptions(companyId: number, contract: Contract | null) {
  const customers = useCustomerOptions(companyId);
  const funding = useCatalogOptions(companyId, 8);
  const bases = useCatalogOptions(companyId, 9);
  const priceMethods = useCatalogOptions(companyId, 1);
  // the procurement method is an entry of its catalogue (its code gives the EIS purchase type); a
  // method kept from before the catalogue (an EIS import, a text) stays until another is chosen
  const methods = useProcurementMethods(companyId);
  const methodOptions: Option[] = (methods.data?.items ?? [])
    .filter((m) => !m.archived_at || m.id === contract?.procurement_method_id)
    .map((m) => ({ value: String(m.id), label: m.title }));
  if (
    contract?.procurement_method_id &&
    !methodOptions.some((o) => o.value === String(contract.procurement_method_id))
  )
    methodOptions.push({
      value: String(contract.procurement_method_id),
      label: contract.procurement_method_name ?? `Запись справочника id:${contract.procurement_method_id}`,
    });
  if (
    contract &&
    !contract.procurement_method_id &&
    (contract.procurement_method_name || contract.procurement_method_code)
  )
    methodOptions.push({
      value: KEEP_METHOD,
      label: `${contract.procurement_method_name || contract.procurement_method_code} (не из справочника)`,
    });
  const [positionText, setPositionText] = useState('');
  const positions = usePlanPositionOptions(companyId, positionText);
  const stored = contract?.plan_position_number;
  const customerOptions: Option[] = [
    ...(contract && !contract.customer_id
      ? [{ value: KEEP_CUSTOMER, label: `${contract.customer_name} (ИНН ${contract.customer_inn})` }]
      : []),
    ...(customers.data?.items ?? []).map((c) => ({
      value: String(c.id),
      label: `${c.title} (ИНН ${c.inn})`,
    })),
  ];
  return {
    customers: customerOptions,
    funding: catalogOptions(funding.data, contract?.funding_source_id),
    bases: catalogOptions(bases.data, contract?.contract_basis_id),
    priceMethods: catalogOptions(priceMethods.data, contract?.price_method_id),
    methods: methodOptions,
    positions: {
      options: (positions.data?.items ?? []).map((p) => ({
        value: p.number,
        label: positionLabel(p.number, p.subject),
      })),
      selected: stored
        ? {
            value: stored,
            label: contract.plan_position_subject
              ? positionLabel(stored, contract.plan_position_subject)
              : `${stored} (нет в загруженных планах закупки)`,
          }
        : null,
      onSearch: setPositionText,
      loading: positions.isFetching,
    },
  };
}

export type GeneralOptions = ReturnType<typeof useGeneralOptions>;
