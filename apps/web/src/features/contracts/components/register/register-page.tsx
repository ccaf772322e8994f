import { Button, Stack } from '@mantine/core';
import { contractRoutes } from '@zakupki/shared/api/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { registerTableData } from '../../../../components/register/register-table';
import {
  ExportXlsxButton,
  noticeXlsxSaved,
  RegisterToolbar,
} from '../../../../components/register/register-toolbar';
import { useEisConfirmations } from '../../../../lib/eis-confirmation-queries';
import { useContractList } from '../../api/contracts';
import { useRegisterXlsx } from '../../api/exports';
import { type FilterPatch, readFilters, toListQuery, writeFilters } from '../../model/filters';
import { rememberRegisterView } from '../../model/last-register-view';
import { ContractDrawer } from '../card/contract-drawer';
import { useContractsCompany } from '../use-contracts-company';
import { RegisterFilterBar, RegisterSwitches } from './register-filters';
import { RegisterTable } from './register-table';

/** `?contract=<id>` opens a card over the register, `?contract=new` the form of a new contract. */
export const CARD_PARAM = 'contract';

/** /contracts/register: the register with filters in the URL, XLSX of the view, the contract card. */
export function RegisterPage() {
  const { companyId, can } = useContractsCompany();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = toListQuery(filters);
  const list = useContractList(companyId ?? 0, query, { enabled: !!companyId });
  const marks = useEisConfirmations(
    companyId,
    'contract',
    (list.data?.items ?? []).filter((c) => c.eis_registry_number).map((c) => c.id),
  );
  useEffect(() => rememberRegisterView(params), [params]);
  const change = (patch: FilterPatch) => setParams(writeFilters(params, patch), { replace: true });
  const card = params.get(CARD_PARAM);
  const openCard = (id: number | 'new' | null) => {
    const next = new URLSearchParams(params);
    next.delete('tab');
    if (id === null) next.delete(CARD_PARAM);
    else next.set(CARD_PARAM, String(id));
    setParams(next);
  };
  const exportXlsx = useRegisterXlsx(companyId ?? 0, {
    onSuccess: (r) => noticeXlsxSaved(r, 'договоров'),
  });
  if (!companyId) return null;
  return (
    <Stack gap="md">
      <RegisterToolbar
        found={list.data ? `Найдено договоров: ${list.data.total}` : null}
        switches={<RegisterSwitches filters={filters} onChange={change} />}
      >
        <ExportXlsxButton onClick={() => exportXlsx.mutate(query)} loading={exportXlsx.isPending} />
        {can(contractRoutes.create) ? (
          <Button onClick={() => openCard('new')}>Добавить договор</Button>
        ) : null}
      </RegisterToolbar>
      <RegisterFilterBar filters={filters} onChange={change} />
      <RegisterTable
        {...registerTableData(list.data, list.isFetching, filters, change)}
        onOpen={(id) => openCard(id)}
        marks={marks}
      />
      <ContractDrawer
        companyId={companyId}
        target={card === 'new' ? 'new' : Number(card) > 0 ? Number(card) : null}
        canWrite={can(contractRoutes.update)}
        onOpen={openCard}
      />
    </Stack>
  );
}
