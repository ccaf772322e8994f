import { Alert, Group, Loader, SegmentedControl, Stack, Switch, Title } from '@mantine/core';
import { type ComplianceDuty, type ComplianceQuery, complianceRoutes } from '@zakupki/shared/api/compliance';
import { mayCall } from '@zakupki/shared/contract';
import { isStaff } from '@zakupki/shared/roles';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { companyLabel, useSelectedCompany } from '../../../lib/company';
import { useCompanyPermissions } from '../../../lib/company-queries';
import { useSession } from '../../../lib/session-store';
import { useComplianceCalendar, useStaffComplianceCalendar } from '../api/compliance';
import { ComplianceFilters, type Filters } from './compliance-filters';
import { DutyList } from './duty-list';
import { MarkDialog } from './mark-dialog';
import { MonthView } from './month-view';
import { ReminderSettingsCard } from './reminder-settings-card';

const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);

function readFilters(p: URLSearchParams): Filters {
  return {
    from: p.get('from') ?? '',
    to: p.get('to') ?? '',
    module: list(p.get('module')),
    state: list(p.get('state')),
    customer_id: p.get('customer_id'),
    responsible_id: p.get('responsible_id'),
  };
}

function toQuery(f: Filters): ComplianceQuery {
  return {
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.module.length ? { module: f.module.join(',') } : {}),
    ...(f.state.length ? { state: f.state.join(',') } : {}),
    ...(f.customer_id ? { customer_id: Number(f.customer_id) } : {}),
    ...(f.responsible_id ? { responsible_id: Number(f.responsible_id) } : {}),
  } as ComplianceQuery;
}

/** «Календарь обязанностей»: every duty of the law of the selected company (or all of the staff's), as a list or by month. */
export function CompliancePage() {
  const company = useSelectedCompany();
  const session = useSession();
  const staff = session.status === 'authenticated' && isStaff(session.user.role);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const view = params.get('view') === 'month' ? 'month' : 'list';
  const everyCompany = staff && params.get('all') === 'true';
  const change = (patch: Record<string, string | string[] | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      const text = Array.isArray(v) ? v.join(',') : v;
      if (text) next.set(k, text);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const q = toQuery(filters);
  const own = useComplianceCalendar(company?.id ?? 0, q, !!company && !everyCompany);
  const all = useStaffComplianceCalendar(q, everyCompany);
  const data = everyCompany ? all.data : company ? own.data : undefined;
  const perms = useCompanyPermissions(company?.id ?? 0, { enabled: !!company });
  const canMark = !everyCompany && !!company && perms.isSuccess && mayCall(complianceRoutes.mark, perms.data);
  const [marking, setMarking] = useState<ComplianceDuty | null>(null);
  const months = data ? monthsOf(data.from, data.to) : [];
  return (
    <Stack gap="md">
      <Title order={2}>
        Календарь обязанностей
        {everyCompany ? ': все мои компании' : company ? `: ${companyLabel(company)}` : ''}
      </Title>
      {staff ? (
        <Switch
          label="Все мои компании"
          checked={everyCompany}
          onChange={(e) => change({ all: e.currentTarget.checked ? 'true' : null })}
        />
      ) : null}
      {!company && !everyCompany ? (
        <Alert color="gray">
          Выберите компанию в шапке: обязанности ведутся отдельно для каждой компании.
        </Alert>
      ) : (
        <>
          <ComplianceFilters
            value={filters}
            onChange={(p) => change(p as Record<string, string | string[] | null>)}
            counts={data?.counts}
            items={data?.items ?? []}
          />
          <Group>
            <SegmentedControl
              value={view}
              onChange={(v) => change({ view: v === 'month' ? 'month' : null })}
              data={[
                { value: 'list', label: 'Список' },
                { value: 'month', label: 'По месяцам' },
              ]}
            />
          </Group>
          {!data ? (
            <Loader aria-label="Загрузка обязанностей" />
          ) : view === 'month' ? (
            months.map((m) => <MonthView key={m} month={m} items={data.items} />)
          ) : (
            <DutyList items={data.items} showCompany={everyCompany} onMark={canMark ? setMarking : null} />
          )}
          {company && !everyCompany ? <ReminderSettingsCard companyId={company.id} /> : null}
        </>
      )}
      {marking && company ? (
        <MarkDialog companyId={company.id} duty={marking} onClose={() => setMarking(null)} />
      ) : null}
    </Stack>
  );
}

/** 'YYYY-MM' of every month from one date to another. */
function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number);
  const end = to.slice(0, 7);
  for (;;) {
    const ym = `${y}-${String(m).padStart(2, '0')}`;
    if (ym > end) break;
    out.push(ym);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}
