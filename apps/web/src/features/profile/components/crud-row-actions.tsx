import { Button, Group } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';

/**
 * The «Действия» column of a company sub-resource's table: «Изменить», and «Удалить» only where
 * the server says the delete would be taken (`can_delete`, its own refusal).
 */
export function rowActions<T extends { id: number; can_delete: boolean }>({
  name,
  onEdit,
  onRemove,
}: {
  name: (r: T) => string;
  onEdit: (r: T) => void;
  onRemove: (r: T) => void;
}): DataTableColumn<T> {
  return {
    accessor: 'actions',
    title: 'Действия',
    textAlign: 'right',
    render: (r) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => onEdit(r)}
          aria-label={`Изменить: ${name(r)}`}
        >
          Изменить
        </Button>
        {r.can_delete ? (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => onRemove(r)}
            aria-label={`Удалить: ${name(r)}`}
          >
            Удалить
          </Button>
        ) : null}
      </Group>
    ),
  };
}
