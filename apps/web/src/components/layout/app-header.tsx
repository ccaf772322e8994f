import { ActionIcon, Anchor, Box, Button, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { listAfterCompanySwitch } from '../../lib/company';
import { logout } from '../../lib/session';
import { useSession } from '../../lib/session-store';
import { CalendarIcon, LogoutIcon } from '../icons';
import classes from './app-header.module.css';
import { CompanySelect } from './company-select';
import { GearMenu } from './gear-menu';
import { HeaderLinks } from './header-links';
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

function CompanyArea() {
  const selection = useCompanySelection();
  const location = useLocation();
  const navigate = useNavigate();
  // the company picked on a page of one object, selected once the list has replaced that page
  const pending = useRef<{ id: number | null; from: string } | null>(null);
  const here = `${location.pathname}${location.search}`;
  const { select } = selection;
  useEffect(() => {
    const p = pending.current;
    if (!p || p.from === here) return;
    pending.current = null;
    select(p.id);
  }, [here, select]);
  if (!selection.showSelector) return null;
  const change = (id: number | null) => {
    if (id === selection.selectedId) return;
    // a page of one object of the company left would ask for it in the new company and get «не
    // найден»: the list opens first (its chunk may load lazily), and the company changes only
    // after the list has been rendered in its place (an effect after the commit: a router
    // transition may still show the old page when navigate's promise settles)
    const list = listAfterCompanySwitch(location.pathname, location.search);
    if (list && list !== here) {
      pending.current = { id, from: here };
      void navigate(list);
    } else selection.select(id);
  };
  return <CompanySelect options={selection.options} value={selection.selectedId} onChange={change} />;
}

/**
 * Header (54 px): title, section links, company selector, catalogue menu, `extra` (the
 * notifications bell, given by the app), profile and «Выход».
 */
export function AppHeader({ extra }: { extra?: ReactNode }) {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : null;
  useEffect(() => {
    if (!user) console.error('User data is not available');
  }, [user]);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group wrap="nowrap" gap="md" miw={0} style={{ flex: '1 1 auto' }}>
        <Anchor component={Link} to="/" c="blue.8" underline="never" className={classes.title}>
          Система автоматизации закупок
        </Anchor>
        <HeaderLinks />
      </Group>
      <Group wrap="nowrap" gap={6} style={{ flex: 'none' }}>
        {user ? <CompanyArea /> : null}
        {user ? <GearMenu role={user.role} /> : null}
        {user ? (
          <ActionIcon
            component={Link}
            to="/compliance"
            variant="subtle"
            size="lg"
            aria-label="Календарь обязанностей"
            title="Календарь обязанностей"
          >
            <CalendarIcon />
          </ActionIcon>
        ) : null}
        {user ? extra : null}
        {user ? (
          <UnstyledButton component={Link} to="/profile/my" title={`${user.title} (${user.login})`}>
            {/* the name comes from the visible text (a truncated title stays whole for screen readers) */}
            <VisuallyHidden>Профиль: </VisuallyHidden>
            <Box style={{ lineHeight: 1.1 }} className={classes.profile}>
              <Text size="sm" fw={500} truncate>
                {user.title}
              </Text>{' '}
              <Text size="xs" c="dimmed" truncate>
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
          title="Выход"
          classNames={{ section: classes.logoutIcon }}
        >
          <span className={classes.logoutText}>Выход</span>
        </Button>
      </Group>
    </Group>
  );
}
