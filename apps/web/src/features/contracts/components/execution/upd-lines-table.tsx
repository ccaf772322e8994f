import { Badge, Select, Table, Text } from '@mantine/core';
import type { UpdDocumentDetail } from '@zakupki/shared/api/imports';
import { formatMoney } from '../../../../lib/formatters';
import {
  changedLines,
  confidenceView,
  itemOptions,
  type MappingChoice,
  NOT_RELATED,
} from '../../model/mapping';

/** The document's lines, each with the specification item chosen for it and how sure the match is. */
export function UpdLinesTable({
  doc,
  choice,
  onChoose,
  editable,
}: {
  doc: UpdDocumentDetail;
  choice: MappingChoice;
  /** null: the line is not about the contract */
  onChoose: (lineId: number, itemId: number | null) => void;
  editable: boolean;
}) {
  const changed = changedLines(doc.lines, choice);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table withTableBorder striped aria-label="Строки УПД">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>№</Table.Th>
            <Table.Th>Строка документа</Table.Th>
            <Table.Th ta="right">Кол-во</Table.Th>
            <Table.Th ta="right">Сумма с НДС</Table.Th>
            <Table.Th w={360}>Позиция спецификации</Table.Th>
            <Table.Th>Совпадение</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {doc.lines.map((l) => {
            const conf = confidenceView(l.mapping?.confidence);
            const current = choice[l.id] ?? null;
            const byHand = changed.includes(l.id);
            return (
              <Table.Tr key={l.id}>
                <Table.Td>{l.line_no}</Table.Td>
                <Table.Td maw={300}>
                  <Text size="sm">{l.name}</Text>
                  {l.price ? (
                    <Text size="xs" c="dimmed">
                      цена {formatMoney(l.price)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">
                  {l.quantity ?? '—'} {l.unit_name ?? ''}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {l.sum_with_vat ? formatMoney(l.sum_with_vat) : '—'}
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Позиция спецификации для строки ${l.line_no}`}
                    data={itemOptions(doc, l)}
                    value={current === null ? NOT_RELATED : String(current)}
                    onChange={(v) => onChoose(l.id, !v || v === NOT_RELATED ? null : Number(v))}
                    allowDeselect={false}
                    readOnly={!editable}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Td>
                <Table.Td>
                  {byHand ? (
                    <Badge color="blue" variant="light">
                      выбрано вручную
                    </Badge>
                  ) : conf ? (
                    <Badge color={conf.color} variant="light">
                      {conf.label}
                    </Badge>
                  ) : (
                    <Text size="xs" c="dimmed">
                      —
                    </Text>
                  )}
                  {l.mapping?.status === 'confirmed' && !byHand ? (
                    <Text size="xs" c="green">
                      подтверждено
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
