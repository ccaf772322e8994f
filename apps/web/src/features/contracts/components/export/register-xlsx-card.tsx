import { Anchor, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { notices } from '../../../../components/notices/notices.store';
import { formatMoney } from '../../../../lib/formatters';
import { useRegisterXlsx } from '../../api/exports';
import { describeFilters, readFilters, toListQuery } from '../../model/filters';
import { lastRegisterView } from '../../model/last-register-view';
import { STATUS_VIEW } from '../../model/status';

/** XLSX of the register view the user last looked at (the same filters and sort). */
export function RegisterXlsxCard({ companyId }: { companyId: number }) {
  const params = lastRegisterView();
  const filters = readFilters(params);
  const words = describeFilters(
    filters,
    (s) => STATUS_VIEW[s].label,
    (n) => formatMoney(n),
  );
  const run = useRegisterXlsx(companyId, {
    onSuccess: (r) =>
      notices.success(
        'Выгрузка в Excel',
        `Файл «${r.name}» сохранён${r.total !== null ? `: договоров — ${r.total}` : ''}`,
      ),
  });
  const search = params.toString();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>Реестр договоров в Excel</Text>
        <Text size="sm" c="dimmed">
          Все договоры текущего представления реестра, без разбивки на страницы.
        </Text>
        <List size="sm">
          {words.map((w) => (
            <List.Item key={w}>{w}</List.Item>
          ))}
        </List>
        <Group>
          <Button onClick={() => run.mutate(toListQuery(filters))} loading={run.isPending}>
            Выгрузить в Excel
          </Button>
          <Anchor component={Link} to={`/contracts/register${search ? `?${search}` : ''}`} size="sm">
            Изменить фильтры в реестре
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
