import { Accordion, Alert, List, Select, Stack, Text, Title } from '@mantine/core';
import { smeReportRoutes } from '@zakupki/shared/api/sme-report';
import { mayCall } from '@zakupki/shared/contract';
import { useSearchParams } from 'react-router';
import { useSelectedCompany } from '../../../lib/company';
import { useCompanyPermissions } from '../../../lib/company-queries';
import { formatDate, todayIso } from '../../../lib/formatters';
import { useSmeReport } from '../api/sme-report';
import { defaultReportYear, reportYears } from '../model/years';
import { SmeContractLists } from './sme-contract-lists';
import { SmeFigures } from './sme-figures';
import { SmeReportActions } from './sme-report-actions';
import { SmeRules } from './sme-rules';

/**
 * /contracts/smeReport: the annual report on purchases from SMEs (ПП РФ № 1352) of a chosen year
 * (`?year=`, last year by default): the figures and quotas, the contracts behind each figure,
 * XLSX and PDF, and the mark of its placement in the EIS (staff; a client reads it).
 */
export function SmeReportPage() {
  const company = useSelectedCompany();
  const companyId = company?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const years = reportYears(today);
  const asked = Number(params.get('year'));
  const year = years.includes(asked) ? asked : defaultReportYear(today);
  const report = useSmeReport(companyId, year, { enabled: !!company });
  const perms = useCompanyPermissions(companyId, { enabled: !!company });
  const canFile = perms.isSuccess && mayCall(smeReportRoutes.file, perms.data);
  if (!company) return null;
  const r = report.data?.year === year ? report.data : undefined;
  return (
    <Stack gap="md">
      <Select
        label="Отчётный год"
        w={180}
        allowDeselect={false}
        data={years.map(String)}
        value={String(year)}
        onChange={(v) => v && setParams({ year: v })}
      />
      <Title order={3}>Годовой отчёт о закупках у субъектов МСП за {year} год</Title>
      {report.isError ? <Alert color="red">Не удалось сформировать отчёт</Alert> : null}
      {!r ? (
        <Text c="dimmed">{report.isError ? '' : 'Загрузка…'}</Text>
      ) : (
        <>
          {r.partial ? (
            <Alert color="blue">
              Год не окончен: показатели на {formatDate(r.period_to)}. Отчёт размещается после окончания года.
            </Alert>
          ) : null}
          <SmeReportActions companyId={companyId} report={r} canFile={canFile} />
          <SmeFigures report={r} />
          {r.notes.length ? (
            <List size="sm" spacing={4} aria-label="Примечания">
              {r.notes.map((n) => (
                <List.Item key={n}>{n}</List.Item>
              ))}
            </List>
          ) : null}
          <Title order={4}>Договоры по показателям</Title>
          <SmeContractLists report={r} />
          <Accordion variant="contained">
            <Accordion.Item value="rules">
              <Accordion.Control>Правила отчёта и их прочтение</Accordion.Control>
              <Accordion.Panel>
                <SmeRules report={r} />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </>
      )}
    </Stack>
  );
}
