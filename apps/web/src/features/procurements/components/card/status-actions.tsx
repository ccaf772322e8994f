import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { Procurement } from '@zakupki/shared/api/procurements';
import { useState } from 'react';
import { DateField } from '../../../../components/form/date-field';
import { notices } from '../../../../components/notices/notices.store';
import { reportApiError } from '../../../../lib/error-handler';
import { todayIso } from '../../../../lib/formatters';
import { ApiError, fieldErrors } from '../../../../lib/http-errors';
import { useChangeProcurementStatus } from '../../api/procurements';
import { refusalOf } from '../../model/errors';
import { type TransitionView, transitionsFor } from '../../model/status';

/** Buttons of the moves the server allows, each asking for the day and a reason in a dialog. */
export function StatusActions({
  companyId,
  procurement: p,
}: {
  companyId: number;
  procurement: Procurement;
}) {
  const [open, setOpen] = useState<TransitionView | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const run = useChangeProcurementStatus(companyId, p.id, {
    meta: { handled: true },
    onSuccess: () => setOpen(null),
    onError: (err) => {
      if (err instanceof ApiError && err.issues.length)
        setProblem(Object.values(fieldErrors(err.issues)).join(', '));
      else {
        const r = refusalOf(err);
        if (r) setProblem(r);
        else reportApiError(err);
      }
    },
  });
  const actions = transitionsFor(p.status, p.allowed_transitions);
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
            variant={t.to === 'cancelled' || t.to === 'failed' || t.to === 'draft' ? 'light' : 'filled'}
            onClick={() => {
              setDate(todayIso());
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
        title={open ? `${open.label}: закупка № ${p.number}` : ''}
      >
        {open ? (
          <Stack gap="sm">
            <Text size="sm">{open.question}</Text>
            <DateField label={open.dateLabel} required value={date} onChange={setDate} />
            <Textarea
              label={open.reasonRequired ? 'Причина' : 'Комментарий'}
              withAsterisk={open.reasonRequired}
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            {problem ? (
              <Alert color="red" title="Статус не изменён">
                {problem}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)}>
                Отмена
              </Button>
              <Button
                color={open.color}
                loading={run.isPending}
                disabled={!!missingReason || !date}
                onClick={() =>
                  run.mutate(
                    { status: open.to, date: date ?? undefined, reason: reason.trim() || null },
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
