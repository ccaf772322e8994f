import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { notices } from '../notices/notices.store';

/**
 * The line above a register's filters: «Найдено …: N» and the yes/no switches on the left,
 * the register's buttons on the right.
 */
export function RegisterToolbar({
  found,
  switches,
  children,
}: {
  /** «Найдено договоров: 12», or null while the list loads. */
  found: string | null;
  switches?: ReactNode;
  /** The buttons (ExportXlsxButton first, then the feature's own). */
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" align="center">
      <Group gap="xl">
        <Text size="sm" c="dimmed" miw={160}>
          {found ?? ' '}
        </Text>
        {switches}
      </Group>
      <Group gap="sm">{children}</Group>
    </Group>
  );
}

/** «Выгрузить в Excel»: the XLSX of the register's view. */
export function ExportXlsxButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  return (
    <Button variant="default" onClick={onClick} loading={loading}>
      Выгрузить в Excel
    </Button>
  );
}

/** The notice of a saved register XLSX: «Файл «…» сохранён: <rowsWord> в выгрузке — N». */
export function noticeXlsxSaved(r: { name: string; total: string | number | null }, rowsWord: string) {
  notices.success(
    'Выгрузка в Excel',
    r.total !== null
      ? `Файл «${r.name}» сохранён: ${rowsWord} в выгрузке — ${r.total}`
      : `Файл «${r.name}» сохранён`,
  );
}
