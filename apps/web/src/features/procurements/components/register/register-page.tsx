import { Button, Stack, Text, Title } from '@mantine/core';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { registerTableData } from '../../../../components/register/register-table';
import {
  ExportXlsxButton,
  noticeXlsxSaved,
  RegisterToolbar,
} from '../../../../components/register/register-toolbar';
import { useEisConfirmations } from '../../../../lib/eis-confirmation-queries';
import { procurementImportRoutes } from '../../api/eis-import';
import { useProcurementList, useRegisterXlsx } from '../../api/procurements';
import { type FilterPatch, readFilters, toListQuery, writeFilters } from '../../model/filters';
import { useProcurementsCompany } from '../use-procurements-company';
import { CreateModal } from './create-modal';
import { ImportCard } from './import-card';
import { RegisterFilterBar, RegisterSwitches } from './register-filters';
import { RegisterTable } from './register-table';

/** /documents: the procurement register with filters in the URL, XLSX of the view, create and import. */
export function RegisterPage() {
  const { companyId, can } = useProcurementsCompany();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const filters = readFilters(params);
  const query = toListQuery(filters);
  const list = useProcurementList(companyId ?? 0, query, { enabled: !!companyId });
  const marks = useEisConfirmations(
    companyId,
    'procurement',
    (list.data?.items ?? []).filter((r) => r.eis_notice_number).map((r) => r.id),
  );
  const change = (patch: FilterPatch) => setParams(writeFilters(params, patch), { replace: true });
  const exportXlsx = useRegisterXlsx(companyId ?? 0, {
    onSuccess: (r) => noticeXlsxSaved(r, 'закупок'),
  });
  if (!companyId)
    return (
      <Stack>
        <Title order={2}>Реестр закупок</Title>
        <Text c="dimmed">Выберите компанию в шапке.</Text>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Title order={2}>Реестр закупок</Title>
      <RegisterToolbar
        found={list.data ? `Найдено закупок: ${list.data.total}` : null}
        switches={<RegisterSwitches filters={filters} onChange={change} />}
      >
        <ExportXlsxButton onClick={() => exportXlsx.mutate(query)} loading={exportXlsx.isPending} />
        {can(procurementImportRoutes.start) ? (
          <Button variant="default" onClick={() => setImporting((v) => !v)} aria-expanded={importing}>
            Загрузить из ЕИС
          </Button>
        ) : null}
        {can(procurementRoutes.create) ? (
          <Button onClick={() => setCreating(true)}>Создать закупку</Button>
        ) : null}
      </RegisterToolbar>
      {importing ? <ImportCard companyId={companyId} /> : null}
      <RegisterFilterBar companyId={companyId} filters={filters} onChange={change} />
      <RegisterTable
        {...registerTableData(list.data, list.isFetching, filters, change)}
        onOpen={(id) => navigate(`/documents/${id}`)}
        marks={marks}
      />
      <CreateModal
        companyId={companyId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => navigate(`/documents/${id}`)}
      />
    </Stack>
  );
}
