import { Alert, Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { fromKopecks } from '@zakupki/shared/api/contracts-model';
import { useState } from 'react';
import { useRecordChange } from '../../../../components/form/use-record-form';
import { notices } from '../../../../components/notices/notices.store';
import { type ListColumn, ListTable } from '../../../../components/table/list-table';
import { formatMoney } from '../../../../lib/formatters';
import { ApiError, fieldErrors } from '../../../../lib/http-errors';
import { useSaveContract } from '../../api/contracts';
import { updateBodyFrom } from '../../model/contract-body';
import {
  kopecksToMoney,
  priceMismatch,
  rowsFromContract,
  rowsToInput,
  type SpecRow,
  specTotalKopecks,
} from '../../model/spec';
import { isEditable } from '../../model/status';
import type { ContractPaneProps } from './contract-pane';
import { SPEC_COLUMNS } from './spec-columns';
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
export function SpecTab({ companyId, contract, canWrite }: ContractPaneProps) {
  const [rows, setRows] = useState<SpecRow[]>(() => rowsFromContract(contract));
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const [setPrice, setSetPrice] = useState(false);
  const [serverIssues, setServerIssues] = useState<string[]>([]);
  // a new revision from the server resets the draft
  useRecordChange(contract.id, contract.revision, () => {
    setRows(rowsFromContract(contract));
    setDirty(false);
    setServerIssues([]);
  });

  const editable = canWrite && isEditable(contract.status);
  const total = specTotalKopecks(rows);
  const mismatch = setPrice ? null : priceMismatch(rows, contract.price);
  const save = useSaveContract(companyId, {
    meta: { handled: true },
    onSuccess: (c) => {
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

  const actions: ListColumn<SpecRow> = {
    key: 'actions',
    render: (r, i) => {
      const accepted = !!r.accepted_quantity && Number(r.accepted_quantity) > 0;
      return (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="default" onClick={() => setEditing({ index: i })}>
            Изменить
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            aria-label={`Удалить позицию ${i + 1}`}
            disabled={accepted}
            title={accepted ? 'По позиции уже есть приёмка' : undefined}
            onClick={() => change(rows.filter((_, j) => j !== i))}
          >
            Удалить
          </Button>
        </Group>
      );
    },
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
      <ListTable
        aria-label="Спецификация"
        columns={editable ? [...SPEC_COLUMNS, actions] : SPEC_COLUMNS}
        records={rows}
        rowKey={(r, i) => r.id ?? `new-${i}`}
        emptyText="Позиций нет"
        minWidth={900}
      />
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
          <Button
            onClick={() =>
              save.mutate({
                id: contract.id,
                body: updateBodyFrom(contract, {
                  items: rowsToInput(rows),
                  ...(setPrice ? { price: fromKopecks(total) } : {}),
                }),
              })
            }
            loading={save.isPending}
            disabled={!dirty}
          >
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
        contractDate={contract.contract_date}
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
