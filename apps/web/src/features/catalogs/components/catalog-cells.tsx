import { Badge, Button, Group, Text } from '@mantine/core';
import type { CatalogColumn, CatalogDescriptor } from '@zakupki/shared/api/catalogs';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { type CatalogItem, type EntryAction, itemName } from '../api/catalogs';

const EMPTY = '—';
/** Russian digit grouping: 1000, 12 500 */
const COUNT = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const label = (col: CatalogColumn, v: unknown) => col.options?.find((o) => o.value === v)?.label ?? String(v);

/** «Общий» for a global entry, «Компании» for the selected company's own one. */
export function OwnerBadge({ item }: { item: CatalogItem }) {
  return (item.company_id ?? null) === null ? (
    <Badge variant="light" color="gray">
      Общий
    </Badge>
  ) : (
    <Badge variant="light" color="blue" title={item.company_title ?? undefined}>
      Компании
    </Badge>
  );
}

export function ArchivedBadge({ item }: { item: CatalogItem }) {
  if (!item.archived_at) return null;
  return (
    <Badge variant="outline" color="orange" size="sm" style={{ flexShrink: 0 }}>
      В архиве с {formatDate(item.archived_at)}
    </Badge>
  );
}

/** A cell of the table by the column's type: money `1 234 567,89 ₽`, limits «без ограничений», … */
export function cellOf(d: CatalogDescriptor, col: CatalogColumn, item: CatalogItem): ReactNode {
  const v = item[col.key];
  switch (col.type) {
    case 'owner':
      return <OwnerBadge item={item} />;
    case 'boolean':
      return v ? 'Да' : 'Нет';
    case 'select':
      return v === null || v === undefined ? EMPTY : label(col, v);
    case 'multiselect':
      return Array.isArray(v) && v.length ? v.map((x) => label(col, x)).join(', ') : EMPTY;
    case 'percent':
      return v === null || v === undefined || v === '' ? EMPTY : `${String(v).replace('.', ',')} %`;
    case 'money':
      return formatMoney(v as string | number | null) || EMPTY;
    case 'integer':
      return v === null || v === undefined
        ? (d.fields.find((f) => f.key === col.key)?.emptyLabel ?? EMPTY)
        : COUNT.format(Number(v));
    default: {
      const text = v === null || v === undefined || v === '' ? EMPTY : String(v);
      if (col.key !== 'title' && col.key !== 'name') return text;
      return (
        <Group gap={6} wrap="nowrap" align="center">
          <Text size="sm" c={item.archived_at ? 'dimmed' : undefined}>
            {text}
          </Text>
          <ArchivedBadge item={item} />
        </Group>
      );
    }
  }
}

/**
 * Изменить · В архив / Восстановить · Удалить — only on entries the user may change; «Удалить»
 * only where the server says the entry may be deleted (`can_delete`: nothing refers to it).
 */
export function EntryButtons({
  item,
  onEdit,
  onAction,
}: {
  item: CatalogItem;
  onEdit: (item: CatalogItem) => void;
  onAction: (item: CatalogItem, action: EntryAction) => void;
}) {
  const name = itemName(item);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button size="compact-xs" variant="light" onClick={() => onEdit(item)} aria-label={`Изменить: ${name}`}>
        Изменить
      </Button>
      {item.archived_at ? (
        <Button
          size="compact-xs"
          variant="light"
          color="teal"
          onClick={() => onAction(item, 'restore')}
          aria-label={`Восстановить: ${name}`}
        >
          Восстановить
        </Button>
      ) : (
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          onClick={() => onAction(item, 'archive')}
          aria-label={`В архив: ${name}`}
        >
          В архив
        </Button>
      )}
      {item.can_delete ? (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          onClick={() => onAction(item, 'remove')}
          aria-label={`Удалить: ${name}`}
        >
          Удалить
        </Button>
      ) : null}
    </Group>
  );
}
