import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { COMMISSION_ROLE_TITLES } from '@zakupki/shared/api/bids-model';
import { useState } from 'react';
import type { ResultsProps } from './bids-toolbar';
import { CommissionModal } from './commission-modal';

/** The procurement commission: who scores the bids and signs the protocols. */
export function CommissionCard(props: ResultsProps) {
  const { results, canWrite } = props;
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={4}>Комиссия</Title>
        {canWrite ? (
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            Изменить состав
          </Button>
        ) : null}
      </Group>
      {results.commission.length === 0 ? (
        <Text size="sm" c="dimmed">
          Состав комиссии не указан.
        </Text>
      ) : (
        <Stack gap={2} aria-label="Состав комиссии">
          {results.commission.map((m) => (
            <Text size="sm" key={m.name}>
              {m.name} — {COMMISSION_ROLE_TITLES[m.role]}
            </Text>
          ))}
        </Stack>
      )}
      {canWrite ? <CommissionModal {...props} opened={editing} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}
