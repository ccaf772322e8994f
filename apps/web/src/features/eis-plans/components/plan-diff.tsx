import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/formatters';
import { useEisPlanDiff } from '../api/eis-plans';
import { changeText } from '../model/view';

const itemLink = (number: string) => `/eisPlanItems/${encodeURIComponent(number)}`;

/** What changed from one version to another: positions added, changed (field by field) and annulled. */
export function PlanDiff(p: {
  companyId: number;
  planId: number;
  from: number;
  to: number;
  onClose: () => void;
}) {
  const diff = useEisPlanDiff(p.companyId, p.planId, p.from, p.to);
  const d = diff.data;
  return (
    <Alert color="blue" title={`Сравнение версий ${p.from} и ${p.to}`} aria-label="Сравнение версий">
      {!d ? (
        <Text size="sm">Загрузка…</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Добавлено: {d.added.length}; изменено: {d.changed.length}; аннулировано: {d.annulled.length}; без
            изменений: {d.unchanged}
          </Text>
          {d.added.length ? (
            <Stack gap={2}>
              <Text fw={600} size="sm">
                Добавлены
              </Text>
              <List size="sm">
                {d.added.map((x) => (
                  <List.Item key={x.guid}>
                    <Anchor component={Link} to={itemLink(x.number)}>
                      {x.number}
                    </Anchor>{' '}
                    {x.subject} — {formatMoney(x.price)}
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
          {d.changed.length ? (
            <Stack gap={2}>
              <Text fw={600} size="sm">
                Изменены
              </Text>
              <List size="sm">
                {d.changed.map((x) => (
                  <List.Item key={x.guid}>
                    <Anchor component={Link} to={itemLink(x.number)}>
                      {x.number}
                    </Anchor>{' '}
                    {x.subject}
                    <List size="xs" withPadding>
                      {x.changes.map((c) => (
                        <List.Item key={c.field}>{changeText(c)}</List.Item>
                      ))}
                    </List>
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
          {d.annulled.length ? (
            <Stack gap={2}>
              <Text fw={600} size="sm">
                Аннулированы
              </Text>
              <List size="sm">
                {d.annulled.map((x) => (
                  <List.Item key={x.guid}>
                    <Anchor component={Link} to={itemLink(x.number)}>
                      {x.number}
                    </Anchor>{' '}
                    {x.subject}
                    {x.removed ? ' (исключена из версии)' : ''}
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
          <Group>
            <Button size="xs" variant="default" onClick={p.onClose}>
              Закрыть сравнение
            </Button>
          </Group>
        </Stack>
      )}
    </Alert>
  );
}
