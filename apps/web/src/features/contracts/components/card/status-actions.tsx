import type { Contract } from '@zakupki/shared/api/contracts';
import { notices } from '../../../../components/notices/notices.store';
import {
  StatusChangeDialog,
  StatusMoveButtons,
  useStatusMove,
} from '../../../../components/status/status-change';
import { reportApiError } from '../../../../lib/error-handler';
import { ApiError, fieldErrors } from '../../../../lib/http-errors';
import { useChangeContractStatus } from '../../api/contracts';
import { moscowDay } from '../../model/general-values';
import { type TransitionView, transitionsFor } from '../../model/status';

/** Buttons of the state machine (проект → заключен → исполнен | расторгнут; проект → отменен). */
export function StatusActions({ companyId, contract }: { companyId: number; contract: Contract }) {
  const { open, problem, setProblem, pick, close } = useStatusMove<TransitionView>();
  const run = useChangeContractStatus(companyId, contract.id, {
    meta: { handled: true },
    onSuccess: close,
    onError: (err) => {
      if (err instanceof ApiError && (err.issues.length || err.status === 409)) {
        setProblem(err.issues.length ? Object.values(fieldErrors(err.issues)).join(', ') : err.message);
      } else reportApiError(err);
    },
  });
  const actions = transitionsFor(contract.status).filter((t) => contract.allowed_transitions.includes(t.to));
  if (!actions.length) return null;
  return (
    <>
      <StatusMoveButtons
        moves={actions.map((t) => ({ ...t, light: t.to === 'cancelled' || t.to === 'terminated' }))}
        onPick={pick}
      />
      <StatusChangeDialog
        opened={!!open}
        onClose={close}
        title={open ? `${open.label}: договор № ${contract.number}` : ''}
        question={open?.question ?? ''}
        dateLabel={
          open?.needsDate ? (open.to === 'executed' ? 'Дата исполнения' : 'Дата расторжения') : undefined
        }
        defaultDate={moscowDay(new Date().toISOString())}
        reasonLabel={
          open && open.to !== 'concluded'
            ? open.to === 'terminated'
              ? 'Основание расторжения'
              : 'Комментарий'
            : undefined
        }
        reasonRequired={open?.reasonRequired}
        problem={problem}
        confirmLabel={open?.label ?? ''}
        color={open?.color ?? 'blue'}
        pending={run.isPending}
        onConfirm={({ date, reason }) =>
          open &&
          run.mutate(
            { status: open.to, ...(date ? { date } : {}), reason },
            { onSuccess: (c) => notices.success('Статус изменён', `${open.done}: № ${c.number}`) },
          )
        }
      />
    </>
  );
}
