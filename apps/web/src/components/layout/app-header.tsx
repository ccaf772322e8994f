import { Anchor, Box, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { HEADER_LINKS } from '@zakupki/shared/access';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { logout } from '../../lib/session';
import { useSession } from '../../lib/session-store';
import { LogoutIcon } from '../icons';
import { CompanySelect } from './company-select';
import { GearMenu } from './gear-menu';
import { useCompanySelection } from './use-company-selection';

export const LOGOUT_QUESTION = 'Вы уверены что хотите выйти?';

/** «Выход»: asks first; only on confirmation is the session ended. */
export function confirmLogout() {
  modals.openConfirmModal({
    title: 'Выход из системы',
    children: <Text size="sm">{LOGOUT_QUESTION}</Text>,
    labels: { confirm: 'Выйти', cancel: 'Отмена' },
    onConfirm: () => void logout(),
  });
}

function HeaderLinks() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Разделы" gap={4} wrap="nowrap">
      {HEADER_LINKS.map((l) => {
        const active = pathname === l.activePrefix || pathname.startsWith(`${l.activePrefix}/`);
        return (
          <Button
            key={l.path}
            component={Link}
            to={l.path}
            variant={active ? 'light' : 'subtle'}
            size="compact-sm"
            aria-current={active ? 'page' : undefined}
            data-active={active || undefined}
          >
            {l.title}
          </Button>
        );
      })}
    </Group>
  );
}

function CompanyArea() {
  const selection = useCompanySelection();
  if (!selection.showSelector) return null;
  return (
    <CompanySelect options={selection.options} value={selection.selectedId} onChange={selection.select} />
  );
}

/** Header (54 px): title, section links, company selector, catalogue menu, profile and «Выход». */
export function AppHeader() {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : null;
  useEffect(() => {
    if (!user) console.error('User data is not available');
  }, [user]);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group wrap="nowrap" gap="md" miw={0}>
        <Anchor
          component={Link}
          to="/"
          fw={700}
          c="blue.8"
          underline="never"
          style={{ whiteSpace: 'nowrap' }}
        >
          Система автоматизации закупок
        </Anchor>
        <HeaderLinks />
      </Group>
      <Group wrap="nowrap" gap="sm">
        {user ? <CompanyArea /> : null}
        {user ? <GearMenu role={user.role} /> : null}
        {user ? (
          <UnstyledButton
            component={Link}
            to="/profile/my"
            aria-label={`Профиль: ${user.title} (${user.login})`}
          >
            <Box style={{ lineHeight: 1.1 }}>
              <Text size="sm" fw={500} truncate maw={220}>
                {user.title}
              </Text>
              <Text size="xs" c="dimmed" truncate maw={220}>
                {user.login}
              </Text>
            </Box>
          </UnstyledButton>
        ) : null}
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<LogoutIcon />}
          onClick={confirmLogout}
        >
          Выход
        </Button>
      </Group>
    </Group>
  );
}
