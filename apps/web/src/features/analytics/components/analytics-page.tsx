import '@mantine/charts/styles.css';
import './analytics-print.css';
import { Accordion, Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { analyticsRoutes } from '@zakupki/shared/api/analytics';
import { mayCall } from '@zakupki/shared/contract';
import { isStaff } from '@zakupki/shared/roles';
import { useSearchParams } from 'react-router';
import { companyLabel, useSelectedCompany } from '../../../lib/company';
import { useCompanyPermissions } from '../../../lib/company-queries';
import { todayIso } from '../../../lib/formatters';
import { useSession } from '../../../lib/session-store';
import { useAnalyticsXlsx, useDashboard } from '../api/analytics';
import { periodFrom } from '../model/period';
import { ComparisonTable } from './comparison-table';
import { CompetitionPanel } from './competition-panel';
import { DeadlinesPanel } from './deadlines-panel';
import { FlagsList } from './flags-list';
import { PeriodControls } from './period-controls';
import { PlanPanel } from './plan-panel';
import { SavingsPanel } from './savings-panel';
import { SettingsCard } from './settings-card';
import { SmePanel } from './sme-panel';
import { SpendingPanel } from './spending-panel';

/**
 * /analytics: the dashboard of the selected company over a period of months (`?from=&to=`): six
 * panels, each a chart with the table of its figures and a link to the register rows behind it;
 * the red flags; XLSX and print/PDF; for staff, the comparison of the companies they act for.
 */
export function AnalyticsPage() {
  const company = useSelectedCompany();
  const companyId = company?.id ?? 0;
  const session = useSession();
  const staff = session.status === 'authenticated' && isStaff(session.user.role);
  const [params, setParams] = useSearchParams();
  const period = periodFrom(params, todayIso());
  const dash = useDashboard(companyId, period, !!company);
  const perms = useCompanyPermissions(companyId, { enabled: !!company });
  const canDismiss = perms.isSuccess && mayCall(analyticsRoutes.dismiss, perms.data);
  const canSet = perms.isSuccess && mayCall(analyticsRoutes.saveSettings, perms.data);
  const xlsx = useAnalyticsXlsx(companyId);
  const d = dash.data;
  return (
    <Stack gap="md">
      <Title order={2}>Аналитика{company ? `: ${companyLabel(company)}` : ''}</Title>
      <PeriodControls period={period} onChange={(p) => setParams({ from: p.from, to: p.to })} />
      {company ? (
        <Group gap="sm" className="analytics-no-print">
          <Button variant="light" loading={xlsx.isPending} onClick={() => xlsx.mutate(period)}>
            Скачать XLSX
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            Печать / PDF
          </Button>
        </Group>
      ) : (
        <Alert color="blue">Выберите компанию, чтобы увидеть её показатели.</Alert>
      )}
      {dash.isError ? <Alert color="red">Не удалось построить аналитику</Alert> : null}
      {company && !d && !dash.isError ? <Text c="dimmed">Загрузка…</Text> : null}
      {d ? (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <SavingsPanel d={d} />
            <SpendingPanel d={d} />
            <SmePanel d={d} />
            <PlanPanel d={d} />
            <DeadlinesPanel d={d} />
            <CompetitionPanel d={d} />
          </SimpleGrid>
          <FlagsList companyId={companyId} from={period.from} to={period.to} canDismiss={canDismiss} />
          {canSet ? (
            <Accordion variant="contained" className="analytics-no-print">
              <Accordion.Item value="settings">
                <Accordion.Control>Пороги красных флагов</Accordion.Control>
                <Accordion.Panel>
                  <SettingsCard companyId={companyId} />
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          ) : null}
        </>
      ) : null}
      {staff ? <ComparisonTable from={period.from} to={period.to} /> : null}
    </Stack>
  );
}
