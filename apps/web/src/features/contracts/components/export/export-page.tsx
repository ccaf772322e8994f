import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import { exportRoutes } from '@zakupki/shared/api/exports';
import { importRoutes } from '@zakupki/shared/api/imports';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateField } from '../../../../components/form/date-field';
import { ImportUploader } from '../execution/import-uploader';
import { ImportsHistory } from '../execution/imports-history';
import { useContractsCompany } from '../use-contracts-company';
import { EisXmlCard } from './eis-xml-card';
import { MonthlyCard } from './monthly-card';
import { OcdsCard } from './ocds-card';
import { RegisterXlsxCard } from './register-xlsx-card';
import { useReportTracker } from './report-tracker';
import { ReportsList } from './reports-list';

/**
 * /contracts/export: the register as XLSX, EIS XML of a contract and its execution, OCDS JSON,
 * the monthly report (each a job ending in `reportCreateResponse`), the reports list, and the
 * import of contracts from EIS XML for a date range with the violations it finds.
 * `?contract=<id>` preselects the contract of the EIS XML.
 */
export function ExportPage() {
  const { companyId, can, permissionsLoaded } = useContractsCompany();
  const [params] = useSearchParams();
  const initial = Number(params.get('contract'));
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const tracker = useReportTracker(companyId ?? 0);
  if (!companyId) return null;
  const canReport = can(exportRoutes.monthly);
  const badRange = !!from && !!to && from > to;
  return (
    <Stack gap="md">
      {permissionsLoaded && !canReport ? <NoReportsRight /> : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <RegisterXlsxCard companyId={companyId} />
        <EisXmlCard
          companyId={companyId}
          initialContract={initial > 0 ? initial : null}
          onStarted={tracker.started}
          canReport={canReport}
        />
        <OcdsCard companyId={companyId} onStarted={tracker.started} canReport={canReport} />
        <MonthlyCard companyId={companyId} onStarted={tracker.started} canReport={canReport} />
      </SimpleGrid>
      <Title order={4}>Отчёты и выгрузки</Title>
      <ReportsList reports={tracker.list.data?.items} failed={tracker.list.isError} />
      <Title order={4}>Загрузка договоров из ЕИС</Title>
      <ImportUploader
        companyId={companyId}
        kind="eis-contracts"
        title="Договоры из ЕИС (XML или ZIP)"
        description="Сведения о договорах 223-ФЗ (contract, performanceContract) и 44-ФЗ (contract, contractProcedure). Новая версия договора заменяет старую, прежние сохраняются в истории; по итогам загрузки перечисляются нарушения сроков размещения."
        accept=".xml,.zip,application/xml,text/xml,application/zip"
        fields={{ date_from: from, date_to: to }}
        disabled={!can(importRoutes.start) || badRange}
        extra={
          <SimpleGrid cols={2}>
            <DateField label="Договоры с" value={from} onChange={setFrom} />
            <DateField
              label="по"
              value={to}
              onChange={setTo}
              error={badRange ? 'Начало позже окончания' : null}
            />
          </SimpleGrid>
        }
      />
      <ImportsHistory companyId={companyId} kinds={['eis-contracts']} />
    </Stack>
  );
}

/** Told instead of the report forms to a user without `reports.create` in the company. */
function NoReportsRight() {
  return <Alert color="gray">Формировать отчёты в этой компании вы не можете: недостаточно прав.</Alert>;
}
