import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Contract } from '@zakupki/shared/api/contracts';
import { useState } from 'react';
import { DeadlineList } from '../../../../components/deadlines/deadline-list';
import { DateField } from '../../../../components/form/date-field';
import { notices } from '../../../../components/notices/notices.store';
import { isOpenDuty, openDueText } from '../../../../lib/duties';
import { useRecordPublication } from '../../api/contracts';
import { moscowDay } from '../../model/general-values';
import { DUTY_VIEW } from '../../model/status';
import type { ContractPaneProps } from './contract-pane';

type Duty = Contract['duties'][number];

/** The contract's EIS duties (docs/domain.md §1) with their due dates and states; placement is marked here. */
export function DutiesList({ companyId, contract, canWrite }: ContractPaneProps) {
  const [marking, setMarking] = useState<Duty | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const mark = useRecordPublication(companyId, contract.id, {
    onSuccess: () => {
      notices.success('Размещение отмечено', 'Дата размещения сведений в ЕИС сохранена');
      setMarking(null);
    },
  });
  return (
    <>
      <DeadlineList
        aria-label="Сроки размещения в ЕИС"
        duties={contract.duties}
        rowKey={(d) => `${d.duty}-${d.event_id ?? 0}`}
        view={DUTY_VIEW}
        emptyText="Обязанностей по размещению сведений в ЕИС пока нет."
        doneTitle="Размещено"
        stateNote={openDueText}
        action={
          canWrite
            ? (d) =>
                isOpenDuty(d.status) ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => {
                      setDate(moscowDay(new Date().toISOString()));
                      setMarking(d);
                    }}
                  >
                    Отметить размещение
                  </Button>
                ) : null
            : undefined
        }
      />
      <Modal opened={!!marking} onClose={() => setMarking(null)} title="Размещение сведений в ЕИС">
        <Stack gap="sm">
          <Text size="sm">{marking?.title}</Text>
          <DateField label="Дата размещения" required value={date} onChange={setDate} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMarking(null)}>
              Отмена
            </Button>
            <Button
              disabled={!date}
              loading={mark.isPending}
              onClick={() =>
                marking && date && mark.mutate({ event_id: marking.event_id, eis_published_at: date })
              }
            >
              Сохранить
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
