import { Alert, Anchor, List, Text } from '@mantine/core';
import type { FlagObject } from '@zakupki/shared/api/analytics';
import { Link } from 'react-router';
import { useObjectFlags } from '../../lib/analytics-queries';

/**
 * The red flags of a contract or procurement on its card (docs/analytics.md): each with its reason,
 * a dismissed one with its comment; nothing when none is raised. Dismissing is done in /analytics.
 */
export function ObjectFlags({
  companyId,
  objectType,
  objectId,
}: {
  companyId: number;
  objectType: FlagObject;
  objectId: number;
}) {
  const q = useObjectFlags(companyId, objectType, objectId);
  const items = q.data?.items ?? [];
  if (!items.length) return null;
  const active = items.filter((f) => !f.dismissal);
  return (
    <Alert
      color={active.length ? 'red' : 'gray'}
      title={`Красные флаги: ${active.length}`}
      aria-label="Красные флаги"
    >
      <List size="sm" spacing={2}>
        {items.map((f) => (
          <List.Item key={`${f.code}-${f.object_type}-${f.object_id}`}>
            <Text span fw={500} size="sm" td={f.dismissal ? 'line-through' : undefined}>
              {f.title}
            </Text>
            {f.object_id !== objectId || f.object_type !== objectType ? ` (договор ${f.object_number})` : ''}:{' '}
            {f.reason}
            {f.dismissal ? ` — снят: ${f.dismissal.comment}` : ''}
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to="/analytics" size="sm" c="blue.9">
        Все флаги в аналитике
      </Anchor>
    </Alert>
  );
}
