import { Stack, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';

const TABS = [
  { value: 'my', label: 'Мои данные' },
  { value: 'companies', label: 'Компании' },
  { value: 'eisSettings', label: 'Настройки ЕИС' },
];

/** /profile with its child routes my, companies, eisSettings as tabs. */
export function ProfileLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.split('/')[2] ?? 'my';
  return (
    <Stack gap="md">
      <Title order={2}>Профиль</Title>
      <Tabs value={current} onChange={(v) => v && navigate(`/profile/${v}`)}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
