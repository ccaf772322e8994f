import { AppShell } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

export const HEADER_HEIGHT = 54;
export const FOOTER_HEIGHT = 58;

/** Header and footer around the page, for an active logged-in user (docs/product.md §2, §9). */
export function AppLayout({ children, headerExtra }: { children: ReactNode; headerExtra?: ReactNode }) {
  return (
    <ModalsProvider labels={{ confirm: 'Подтвердить', cancel: 'Отмена' }}>
      <AppShell header={{ height: HEADER_HEIGHT }} footer={{ height: FOOTER_HEIGHT }} padding="md">
        <AppShell.Header>
          <AppHeader extra={headerExtra} />
        </AppShell.Header>
        <AppShell.Main>{children}</AppShell.Main>
        <AppShell.Footer>
          <AppFooter />
        </AppShell.Footer>
      </AppShell>
    </ModalsProvider>
  );
}
