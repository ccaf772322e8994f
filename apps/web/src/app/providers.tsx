import '@mantine/core/styles.css';
import 'dayjs/locale/ru';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { NoticeStack } from '../components/notices/notice-stack';
import { queryClient as appQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

dayjs.locale('ru');

/**
 * Mantine (blue, light only, Russian dates), TanStack Query, and the notice stack at the bottom
 * right. The ModalsProvider lives in the logged-in layout (components/layout/app-layout.tsx), so
 * /login does not load the modal machinery; guest screens use <Modal> directly.
 */
export function Providers({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: typeof appQueryClient;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
        <QueryClientProvider client={queryClient}>
          {children}
          <NoticeStack />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
