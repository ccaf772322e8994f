import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../form/date-field';

/** A status move as a button: where it goes, its text and colour; `light` for the moves that end things. */
export type StatusMove<S extends string> = { to: S; label: string; color: string; light?: boolean };

/** The buttons of the status moves a record allows (the state machine's order). */
export function StatusMoveButtons<S extends string, M extends StatusMove<S>>({
  moves,
  onPick,
}: {
  moves: M[];
  onPick: (move: M) => void;
}) {
  return (
    <Group gap="xs" role="group" aria-label="Смена статуса">
      {moves.map((m) => (
        <Button
          key={m.to}
          size="xs"
          color={m.color}
          variant={m.light ? 'light' : 'filled'}
          onClick={() => onPick(m)}
        >
          {m.label}
        </Button>
      ))}
    </Group>
  );
}

/** The move whose dialog is open and the server's refusal of it; picking a move clears the refusal. */
export function useStatusMove<M>() {
  const [open, setOpen] = useState<M | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = (move: M) => {
    setProblem(null);
    setOpen(move);
  };
  return { open, problem, setProblem, pick, close: () => setOpen(null) };
}

export type StatusChangeDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the move means, asked before it is made. */
  question: string;
  /** The day asked for (publication, termination…); no day field without it. */
  dateLabel?: string;
  /** The day shown first (today). */
  defaultDate: string | null;
  /** The reason or comment field; none without it. */
  reasonLabel?: string;
  reasonRequired?: boolean;
  /** Why the server refused the move, shown in the dialog. */
  problem: string | null;
  problemTitle?: string;
  confirmLabel: string;
  color: string;
  pending: boolean;
  onConfirm: (value: { date: string | null; reason: string | null }) => void;
};

/** The dialog of a status move: the question, the day and a reason; the move's button sends them. */
export function StatusChangeDialog(p: StatusChangeDialogProps) {
  return (
    <Modal opened={p.opened} onClose={p.onClose} title={p.title}>
      {p.opened ? <DialogBody {...p} /> : null}
    </Modal>
  );
}

/** Mounted at each opening, so the day and the reason start afresh. */
function DialogBody(p: StatusChangeDialogProps) {
  const [date, setDate] = useState<string | null>(p.defaultDate);
  const [reason, setReason] = useState('');
  const missingReason = p.reasonRequired && !reason.trim();
  return (
    <Stack gap="sm">
      <Text size="sm">{p.question}</Text>
      {p.dateLabel ? <DateField label={p.dateLabel} required value={date} onChange={setDate} /> : null}
      {p.reasonLabel ? (
        <Textarea
          label={p.reasonLabel}
          withAsterisk={p.reasonRequired}
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      ) : null}
      {p.problem ? (
        <Alert color="red" title={p.problemTitle}>
          {p.problem}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={p.onClose}>
          Отмена
        </Button>
        <Button
          color={p.color}
          loading={p.pending}
          disabled={!!missingReason || (!!p.dateLabel && !date)}
          onClick={() => p.onConfirm({ date: p.dateLabel ? date : null, reason: reason.trim() || null })}
        >
          {p.confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
