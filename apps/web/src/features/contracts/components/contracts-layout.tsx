import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { companyLabel, useSelectedCompany } from '../../../lib/company';

const TABS = [
  { value: 'register', label: 'Реестр' },
  { value: 'execution', label: 'Исполнение' },
  { value: 'export', label: 'Выгрузка' },
  { value: 'smeReport', label: 'Отчёт МСП' },
];

/** /contracts: the register, execution, export and SME report screens as tabs of the selected company. */
export function ContractsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const company = useSelectedCompany();
  const current = pathname.split('/')[2] || 'register';
  return (
    <Stack gap="md">
      <Title order={2}>Договоры{company ? `: ${companyLabel(company)}` : ''}</Title>
      <Tabs value={current} onChange={(v) => v && navigate(`/contracts/${v}`)}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {company ? (
        <Outlet />
      ) : (
        <Alert color="gray">Выберите компанию в шапке: договоры ведутся отдельно для каждой компании.</Alert>
      )}
    </Stack>
  );
}
