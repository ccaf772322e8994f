import { ActionIcon, Box, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import type { CatalogItem, EntryAction } from '../api/catalogs';
import { type Okpd2Entry, useOkpd2Children } from '../api/okpd2';
import { ArchivedBadge, EntryButtons } from './catalog-cells';

type NodeProps = {
  archived: boolean;
  onEdit: (item: CatalogItem) => void;
  onAction: (item: CatalogItem, action: EntryAction) => void;
};

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      aria-hidden="true"
      style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
    >
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" />
    </svg>
  );
}

const listStyle = { listStyle: 'none', margin: 0, paddingLeft: 0 } as const;

/** One level of the classifier: the children of `parentId` (the sections for the root), loaded on demand. */
export function Okpd2Level({
  parentId,
  depth,
  ...rest
}: NodeProps & { parentId: number | null; depth: number }) {
  const q = useOkpd2Children(parentId, rest.archived);
  if (q.isPending)
    return (
      <Group gap="xs" pl={depth * 22 + 4} py={4}>
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Загрузка…
        </Text>
      </Group>
    );
  if (!q.data?.length)
    return depth === 0 ? (
      <Text size="sm" c="dimmed" p="md">
        Список пуст
      </Text>
    ) : null;
  return (
    <ul style={listStyle} aria-label={parentId === null ? 'Классификатор ОКПД2' : undefined}>
      {q.data.map((n) => (
        <Okpd2Node key={n.id} node={n} depth={depth} {...rest} />
      ))}
    </ul>
  );
}

/** A code with its name; an expand button when it has subordinate codes; row actions when `can_write`. */
function Okpd2Node({ node, depth, ...rest }: NodeProps & { node: Okpd2Entry; depth: number }) {
  const [open, setOpen] = useState(false);
  const label = `${node.code} ${node.title}`;
  return (
    <li>
      <Group
        gap="xs"
        wrap="nowrap"
        pl={depth * 22}
        py={3}
        pr="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        {node.has_children ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-expanded={open}
            aria-label={`${open ? 'Свернуть' : 'Развернуть'}: ${label}`}
            onClick={() => setOpen((o) => !o)}
          >
            <Chevron open={open} />
          </ActionIcon>
        ) : (
          <Box w={22} style={{ flexShrink: 0 }} />
        )}
        <Text size="sm" fw={600} ff="monospace" style={{ flexShrink: 0, minWidth: 96 }}>
          {node.code}
        </Text>
        <Text size="sm" c={node.archived_at ? 'dimmed' : undefined} style={{ flex: 1 }}>
          {node.title}
        </Text>
        <ArchivedBadge item={node as unknown as CatalogItem} />
        {node.can_write ? (
          <EntryButtons item={node as unknown as CatalogItem} onEdit={rest.onEdit} onAction={rest.onAction} />
        ) : null}
      </Group>
      {open ? <Okpd2Level parentId={node.id} depth={depth + 1} {...rest} /> : null}
    </li>
  );
}
