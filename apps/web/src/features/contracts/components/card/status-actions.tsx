import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { Contract } from '@zakupki/shared/api/contracts';
import { useState } from 'react';
import { DateField } from '../../../../components/form/date-field';
import { notices } from '../../../../components/notices/notices.store';
import { reportApiError } from '../../../../lib/error-handler';
import { ApiError, fieldErrors } from '../../../../lib/http-errors';
import { useChangeContractStatus } from '../../api/contracts';
import { moscowDay } from '../../model/general-values';
import { type TransitionView, transitionsFor } from '../../model/status';

/** Buttons of the state machine (проект → заключен → исполнен | расторгнут; проект → отменен). */
export function StatusActions({ companyId, contract }: { companyId: number; contract: Contract }) {
  const [open, setOpen] = useState<TransitionView | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const run = useChangeContractStatus(companyId, contract.id, {
    meta: { handled: true },
    onSuccess: () => {
      setOpen(null);
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.issues.length || err.status === 409)) {
        setProblem(err.issues.length ? Object.values(fieldErrors(err.issues)).join(', ') : err.message);
      } else reportApiError(err);
    },
  });
  const actions = transitionsFor(contract.status).filter((t) => contract.allowed_transitions.includes(t.to));
  if (!actions.length) return null;
  const missingReason = open?.reasonRequired && !reason.trim();
  return (
    <>
      <Group gap="xs" role="group" aria-label="Смена статуса">
        {actions.map((t) => (
          <Button
            key={t.to}
            size="xs"
            color={t.color}
            variant={t.to === 'cancelled' || t.to === 'terminated' ? 'light' : 'filled'}
            onClick={() => {
              setDate(moscowDay(new Date().toISOString()));
              setReason('');
              setProblem(null);
              setOpen(t);
            }}
          >
            {t.label}
          </Button>
        ))}
      </Group>
      <Modal
        opened={!!open}
        onClose={() => setOpen(null)}
        title={open ? `${open.label}: договор № ${contract.number}` : ''}
      >
        {open ? (
          <Stack gap="sm">
            <Text size="sm">{open.question}</Text>
            {open.needsDate ? (
              <DateField
                label={open.to === 'executed' ? 'Дата исполнения' : 'Дата расторжения'}
                required
                value={date}
                onChange={setDate}
              />
            ) : null}
            {open.to !== 'concluded' ? (
              <Textarea
                label={open.to === 'terminated' ? 'Основание расторжения' : 'Комментарий'}
                withAsterisk={open.reasonRequired}
                autosize
                minRows={2}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
            ) : null}
            {problem ? <Alert color="red">{problem}</Alert> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)}>
                Отмена
              </Button>
              <Button
                color={open.color}
                loading={run.isPending}
                disabled={!!missingReason || (open.needsDate && !date)}
                onClick={() =>
                  run.mutate(
                    {
                      status: open.to,
                      ...(open.needsDate && date ? { date } : {}),
                      reason: reason.trim() || null,
                    },
                    { onSuccess: (c) => notices.success('Статус изменён', `${open.done}: № ${c.number}`) },
                  )
                }
              >
                {open.label}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
