import type { Procurement } from '@zakupki/shared/api/procurements';
import { notices } from '../../../../components/notices/notices.store';
import {
  StatusChangeDialog,
  StatusMoveButtons,
  useStatusMove,
} from '../../../../components/status/status-change';
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
  const { open, problem, setProblem, pick, close } = useStatusMove<TransitionView>();
  const run = useChangeProcurementStatus(companyId, p.id, {
    meta: { handled: true },
    onSuccess: close,
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
  return (
    <>
      <StatusMoveButtons
        moves={actions.map((t) => ({
          ...t,
          light: t.to === 'cancelled' || t.to === 'failed' || t.to === 'draft',
        }))}
        onPick={pick}
      />
      <StatusChangeDialog
        opened={!!open}
        onClose={close}
        title={open ? `${open.label}: закупка № ${p.number}` : ''}
        question={open?.question ?? ''}
        dateLabel={open?.dateLabel}
        defaultDate={todayIso()}
        reasonLabel={open?.reasonRequired ? 'Причина' : 'Комментарий'}
        reasonRequired={open?.reasonRequired}
        problem={problem}
        problemTitle="Статус не изменён"
        confirmLabel={open?.label ?? ''}
        color={open?.color ?? 'blue'}
        pending={run.isPending}
        onConfirm={({ date, reason }) =>
          open &&
          run.mutate(
            { status: open.to, date: date ?? undefined, reason },
            { onSuccess: (c) => notices.success('Статус изменён', `${open.done}: № ${c.number}`) },
          )
        }
      />
    </>
  );
}
