import { Alert, Button, Checkbox, Group, List, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract } from '@zakupki/shared/api/contracts';
import { fromKopecks } from '@zakupki/shared/api/contracts-model';
import { useEffect, useState } from 'react';
import { notices } from '../../../../components/notices/notices.store';
import { formatMoney } from '../../../../lib/formatters';
import { ApiError, fieldErrors } from '../../../../lib/http-errors';
import { contractKeys, updateContract } from '../../api/contracts';
import { updateBodyFrom } from '../../model/contract-body';
import {
  kopecksToMoney,
  priceMismatch,
  rowAmountKopecks,
  rowsFromContract,
  rowsToInput,
  rowVatKopecks,
  type SpecRow,
  specTotalKopecks,
} from '../../model/spec';
import { isEditable } from '../../model/status';
import { SpecItemModal } from './spec-item-modal';

/** Server issues of a rejected specification, in words (the server's own messages). */
function issueMessages(err: unknown): string[] {
  if (!(err instanceof ApiError)) return [];
  if (err.issues.length) return Object.values(fieldErrors(err.issues));
  return err.message ? [err.message] : [];
}

/**
 * «Спецификация»: items with add / edit / remove, the total against the contract price, saved
 * together (PUT of the whole contract). A mismatch the server finds is shown in its own words.
 */
export function SpecTab({
  companyId,
  contract,
  canWrite,
}: {
  companyId: number;
  contract: Contract;
  canWrite: boolean;
}) {
  const qc = useQueryClient();
  const [rows, setRows] = useState<SpecRow[]>(() => rowsFromContract(contract));
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const [setPrice, setSetPrice] = useState(false);
  const [serverIssues, setServerIssues] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new revision from the server resets the draft
  useEffect(() => {
    setRows(rowsFromContract(contract));
    setDirty(false);
    setServerIssues([]);
  }, [contract.id, contract.revision]);

  const editable = canWrite && isEditable(contract.status);
  const total = specTotalKopecks(rows);
  const mismatch = setPrice ? null : priceMismatch(rows, contract.price);
  const save = useMutation({
    mutationFn: () =>
      updateContract(
        companyId,
        contract.id,
        updateBodyFrom(contract, {
          items: rowsToInput(rows),
          ...(setPrice ? { price: fromKopecks(total) } : {}),
        }),
      ),
    meta: { handled: true },
    onSuccess: (c) => {
      qc.setQueryData(contractKeys.card(companyId, c.id), c);
      void qc.invalidateQueries({ queryKey: contractKeys.all(companyId) });
      setSetPrice(false);
      notices.success('Сохранено', `Спецификация договора № ${c.number} сохранена`);
    },
    onError: (err) => {
      const msgs = issueMessages(err);
      setServerIssues(msgs);
      if (!(err instanceof ApiError) || !err.issues.length) {
        notices.error('Спецификация не сохранена', msgs.join(', ') || 'Произошла неизвестная ошибка');
      }
    },
  });
  const change = (next: SpecRow[]) => {
    setRows(next);
    setDirty(true);
    setServerIssues([]);
  };

  return (
    <Stack gap="sm">
      {editable ? (
        <Group>
          <Button variant="light" onClick={() => setEditing({ index: null })}>
            Добавить позицию
          </Button>
        </Group>
      ) : null}
      <Table.ScrollContainer minWidth={900}>
        <Table striped withTableBorder aria-label="Спецификация">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>№</Table.Th>
              <Table.Th>Наименование</Table.Th>
              <Table.Th>ОКПД2</Table.Th>
              <Table.Th>Ед.</Table.Th>
              <Table.Th ta="right">Кол-во</Table.Th>
              <Table.Th ta="right">Цена</Table.Th>
              <Table.Th>НДС</Table.Th>
              <Table.Th ta="right">Сумма НДС</Table.Th>
              <Table.Th ta="right">Сумма</Table.Th>
              <Table.Th ta="right">Принято</Table.Th>
              {editable ? <Table.Th /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => {
              const amount = rowAmountKopecks(r);
              const vat = rowVatKopecks(r);
              return (
                <Table.Tr key={r.id ?? `new-${i}`}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td maw={320}>{r.name}</Table.Td>
                  <Table.Td>{r.okpd2_code ?? '—'}</Table.Td>
                  <Table.Td>{r.unit_name ?? r.okei_code ?? '—'}</Table.Td>
                  <Table.Td ta="right">{r.quantity}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(r.price)}
                  </Table.Td>
                  <Table.Td>{r.vat_rate}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {vat !== null ? kopecksToMoney(vat) : '—'}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {amount !== null ? kopecksToMoney(amount) : '—'}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {r.accepted_quantity ? `${r.accepted_quantity} / ${formatMoney(r.accepted_amount)}` : '—'}
                  </Table.Td>
                  {editable ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="default" onClick={() => setEditing({ index: i })}>
                          Изменить
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="red"
                          aria-label={`Удалить позицию ${i + 1}`}
                          disabled={!!r.accepted_quantity && Number(r.accepted_quantity) > 0}
                          title={
                            r.accepted_quantity && Number(r.accepted_quantity) > 0
                              ? 'По позиции уже есть приёмка'
                              : undefined
                          }
                          onClick={() => change(rows.filter((_, j) => j !== i))}
                        >
                          Удалить
                        </Button>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
            {!rows.length ? (
              <Table.Tr>
                <Table.Td colSpan={editable ? 11 : 10}>
                  <Text size="sm" c="dimmed" ta="center">
                    Позиций нет
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm">
          Итого по спецификации: <b>{kopecksToMoney(total)}</b>; цена договора:{' '}
          <b>{formatMoney(contract.price)}</b>
        </Text>
      </Group>
      {mismatch && !serverIssues.length ? (
        <Alert color="red" title="Суммы не сходятся">
          {mismatch}
        </Alert>
      ) : null}
      {serverIssues.length ? (
        <Alert color="red" title="Сервер не принял спецификацию">
          <List size="sm">
            {serverIssues.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {editable ? (
        <Group>
          <Checkbox
            label="Установить цену договора равной сумме спецификации"
            checked={setPrice}
            onChange={(e) => {
              setSetPrice(e.currentTarget.checked);
              setDirty(true);
            }}
          />
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!dirty}>
            Сохранить спецификацию
          </Button>
          <Button
            variant="default"
            disabled={!dirty}
            onClick={() => {
              setRows(rowsFromContract(contract));
              setDirty(false);
              setSetPrice(false);
              setServerIssues([]);
            }}
          >
            Отменить изменения
          </Button>
        </Group>
      ) : null}
      <SpecItemModal
        opened={!!editing}
        row={editing && editing.index !== null ? rows[editing.index] : null}
        onClose={() => setEditing(null)}
        onSave={(r) => {
          if (!editing) return;
          if (editing.index === null) change([...rows, r]);
          else change(rows.map((x, j) => (j === editing.index ? { ...x, ...r } : x)));
          setEditing(null);
        }}
      />
    </Stack>
  );
}
