import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { NMCK_SOURCE_KIND_TITLES, type NmckItem } from '@zakupki/shared/api/nmck';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { useRemoveSource } from '../api/nmck';
import { OfferFile } from './offer-file';

const pct = (v: string) => `${v.replace('.', ',')} %`;

/** One item: its price sources, the statistics and the coefficient of variation, the result. */
export function NmckItemCard({
  companyId,
  procurementId,
  item: it,
  canWrite,
  onAdd,
}: {
  companyId: number;
  procurementId: number;
  item: NmckItem;
  canWrite: boolean;
  onAdd: () => void;
}) {
  const remove = useRemoveSource(companyId, procurementId);
  const st = it.stats;
  return (
    <Card withBorder padding="sm" data-testid={`nmck-item-${it.lot_number}-${it.line_no}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={500}>
            Лот {it.lot_number}, позиция {it.line_no}: {it.name}
          </Text>
          <Text size="sm" c="dimmed">
            ОКПД2 {it.okpd2_code ?? '—'} · {it.quantity} {it.unit_name ?? ''}
          </Text>
        </Group>
        {it.sources.length ? (
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Источник</Table.Th>
                <Table.Th>Дата</Table.Th>
                <Table.Th>Цена</Table.Th>
                <Table.Th>Для расчёта</Table.Th>
                <Table.Th>Файл</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {it.sources.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    {NMCK_SOURCE_KIND_TITLES[s.kind]}:{' '}
                    {s.kind === 'public'
                      ? s.title
                      : `${s.supplier_name ?? ''}${s.contract_number ? `, договор № ${s.contract_number}` : ''}`}
                  </Table.Td>
                  <Table.Td>
                    {formatDate(s.source_date)}{' '}
                    {s.old ? (
                      <Badge size="xs" color="orange">
                        устарела
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {formatMoney(s.price)} {s.includes_vat ? 'с НДС' : 'без НДС'}
                  </Table.Td>
                  <Table.Td>{formatMoney(s.adjusted_price)}</Table.Td>
                  <Table.Td>
                    {s.kind === 'offer' ? (
                      <OfferFile
                        companyId={companyId}
                        procurementId={procurementId}
                        source={s}
                        canWrite={canWrite}
                      />
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {canWrite ? (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="Удалить цену"
                        onClick={() => remove.mutate(s.id)}
                      >
                        ×
                      </ActionIcon>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            Цен пока нет.
          </Text>
        )}
        <Text size="sm" data-testid="nmck-stats">
          Цен: {st.count}; средняя {formatMoney(st.mean)}; отклонение {formatMoney(st.deviation)}; коэффициент
          вариации <b>{pct(st.variation)}</b>
        </Text>
        {it.refusal ? (
          <Alert color="orange" p="xs">
            {it.refusal}
          </Alert>
        ) : (
          <Text size="sm">
            Цена за единицу {formatMoney(it.result_unit_price)}, сумма <b>{formatMoney(it.result_amount)}</b>
          </Text>
        )}
        {canWrite ? (
          <Group>
            <Button size="xs" variant="light" onClick={onAdd}>
              Добавить цену
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
