import type { ProcurementDutyOut } from '@zakupki/shared/api/procurements';
import { DeadlineList } from '../../../../components/deadlines/deadline-list';
import { openDueText } from '../../../../lib/duties';
import { formatDate } from '../../../../lib/formatters';
import { DUTY_VIEW } from '../../model/status';

/** The procurement's duties of the law with their due dates and states (as a contract's duties). */
export function DutiesList({ duties }: { duties: ProcurementDutyOut[] }) {
  return (
    <DeadlineList
      aria-label="Сроки закупки"
      duties={duties}
      rowKey={(d) => `${d.duty}-${d.protocol_id ?? 0}`}
      view={DUTY_VIEW}
      emptyText="Обязанностей со сроками пока нет."
      doneTitle="Выполнено"
      note={(d) => d.reference}
      due={(d) => `${d.earliest_date ? `с ${formatDate(d.earliest_date)} по ` : ''}${formatDate(d.due_date)}`}
      stateNote={openDueText}
    />
  );
}
