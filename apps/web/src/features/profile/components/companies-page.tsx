import { Alert, Card, Grid, Loader, NavLink, Stack, Tabs, Text, Title } from '@mantine/core';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { mayCall, type RouteDef } from '@zakupki/shared/contract';
import { useSearchParams } from 'react-router';
import { companyLabel, useSelectedCompany } from '../../../lib/company';
import { useCompany, useCompanyPermissions, useMyCompanies } from '../../../lib/company-queries';
import { BankTab } from './bank-tab';
import { CompanyUsersTab } from './company-users-tab';
import { ContactsTab } from './contacts-tab';
import { CustomersTab } from './customers-tab';
import { RequisitesTab } from './requisites-tab';

/** One company: requisites, contacts, bank requisites, customers, users — editable where permitted. */
function CompanyCard({ id }: { id: number }) {
  const company = useCompany(id);
  const perms = useCompanyPermissions(id);
  if (company.isPending || perms.isPending) return <Loader aria-label="Загрузка компании" />;
  if (company.isError || !company.data) {
    return <Alert color="red">Карточку компании загрузить не удалось.</Alert>;
  }
  // what to show: the permission each route declares in packages/shared
  const can = (route: RouteDef) => perms.isSuccess && mayCall(route, perms.data);
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={3} size="h4">
          {company.data.full_title ?? companyLabel(company.data)}
        </Title>
        <Tabs defaultValue="requisites" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="requisites">Реквизиты</Tabs.Tab>
            <Tabs.Tab value="contacts">Контакты</Tabs.Tab>
            <Tabs.Tab value="bank">Банковские реквизиты</Tabs.Tab>
            <Tabs.Tab value="customers">Заказчики</Tabs.Tab>
            {can(companyRoutes.users) ? <Tabs.Tab value="users">Пользователи</Tabs.Tab> : null}
          </Tabs.List>
          <Tabs.Panel value="requisites" pt="md">
            <RequisitesTab company={company.data} canWrite={can(companyRoutes.update)} />
          </Tabs.Panel>
          <Tabs.Panel value="contacts" pt="md">
            <ContactsTab companyId={id} canWrite={can(companyRoutes.contacts.create)} />
          </Tabs.Panel>
          <Tabs.Panel value="bank" pt="md">
            <BankTab companyId={id} canWrite={can(companyRoutes.bank.create)} />
          </Tabs.Panel>
          <Tabs.Panel value="customers" pt="md">
            <CustomersTab companyId={id} canWrite={can(companyRoutes.customers.create)} />
          </Tabs.Panel>
          {can(companyRoutes.users) ? (
            <Tabs.Panel value="users" pt="md">
              <CompanyUsersTab companyId={id} />
            </Tabs.Panel>
          ) : null}
        </Tabs>
      </Stack>
    </Card>
  );
}

/** /profile/companies: the user's companies (GET /api/companies/my) and the chosen one's card. */
export function CompaniesPage() {
  const [params, setParams] = useSearchParams();
  const selected = useSelectedCompany();
  const list = useMyCompanies();
  const fromUrl = Number(params.get('company'));
  const companies = list.data ?? (selected ? [selected] : []);
  const current =
    companies.find((c) => c.id === fromUrl)?.id ??
    companies.find((c) => c.id === selected?.id)?.id ??
    companies[0]?.id ??
    null;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Card withBorder padding="xs">
          <Text fw={600} size="sm" px="xs" pb="xs">
            Мои компании
          </Text>
          {list.isPending ? <Loader size="sm" m="xs" aria-label="Загрузка списка компаний" /> : null}
          <Stack gap={0} component="nav" aria-label="Мои компании">
            {companies.map((c) => (
              <NavLink
                key={c.id}
                label={companyLabel(c)}
                active={c.id === current}
                onClick={() => setParams({ company: String(c.id) })}
                aria-current={c.id === current ? 'true' : undefined}
              />
            ))}
          </Stack>
          {list.data && !companies.length ? (
            <Text size="sm" c="dimmed" px="xs">
              Список пуст
            </Text>
          ) : null}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {current ? <CompanyCard key={current} id={current} /> : null}
      </Grid.Col>
    </Grid>
  );
}
