import { Modal, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BidScoresInput } from '@zakupki/shared/api/bids-model';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { NumberField } from '../../../components/form/number-field';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { useRecordChange } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { useSaveScores } from '../api/bids';
import { cellFieldOf, pointCriteria, type ScoreCell, scoreCells, scoresBody } from '../model/results-view';
import type { ResultsProps } from './bids-toolbar';
import type { Lot } from './lot-section';

type Values = { cells: ScoreCell[] };

/** The commission members' points per non-price criterion for each admitted bid of a lot (0–100). */
export function ScoresModal({
  companyId,
  procurementId,
  results,
  lot,
  opened,
  onClose,
}: ResultsProps & { lot: Lot; opened: boolean; onClose: () => void }) {
  const ev = lot.evaluation;
  const members = results.commission.map((m) => m.name);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { cells: scoreCells(ev, members) },
    validate: (v) =>
      schemaValidate(BidScoresInput, (x: Values) => scoresBody(x.cells), { fieldOf: cellFieldOf(v.cells) })(
        v,
      ),
  });
  useRecordChange(opened, null, () => opened && form.setValues({ cells: scoreCells(ev, members) }));
  const { refusal, refuse, clear } = useRefusal(form);
  const save = useSaveScores(companyId, procurementId, {
    meta: { handled: true },
    onSuccess: () => {
      notices.success('Оценки сохранены', `Лот ${lot.number}`);
      onClose();
    },
    onError: refuse,
  });
  const cells = form.getValues().cells;
  const criteria = pointCriteria(ev);
  return (
    <Modal opened={opened} onClose={onClose} title={`Оценки комиссии: лот ${lot.number}`} size="xl">
      <form
        noValidate
        aria-label="Оценки комиссии"
        onSubmit={form.onSubmit((v) => {
          clear();
          save.mutate(scoresBody(v.cells));
        })}
      >
        <Stack gap="sm">
          {ev.bids.map((b) => (
            <Stack gap={4} key={b.bid_id}>
              <Text size="sm" fw={500}>
                {b.participant_name}
              </Text>
              <Table withTableBorder aria-label={`Оценки: ${b.participant_name}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Критерий</Table.Th>
                    {members.map((m) => (
                      <Table.Th key={m}>{m}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {criteria.map((c) => (
                    <Table.Tr key={c.code}>
                      <Table.Td>
                        {c.title} ({c.weight} %)
                      </Table.Td>
                      {members.map((m) => {
                        const i = cells.findIndex(
                          (x) => x.bid_id === b.bid_id && x.code === c.code && x.member === m,
                        );
                        return (
                          <Table.Td key={m}>
                            <NumberField
                              size="xs"
                              min={0}
                              max={100}
                              aria-label={`${c.title}, ${b.participant_name}, ${m}`}
                              {...form.getInputProps(`cells.${i}.points`)}
                            />
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ))}
          <RefusalAlert
            message={refusal ?? (form.errors.cells as string | undefined) ?? null}
            title="Оценки не сохранены"
          />
          <FormModalFooter onCancel={onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
