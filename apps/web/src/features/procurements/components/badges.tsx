import type { ProcurementDutyOut } from '@zakupki/shared/api/procurements';
import type { ProcurementStatus } from '@zakupki/shared/api/procurements-model';
import { ViewBadge } from '../../../components/badges/view-badge';
import { NearestDeadline } from '../../../components/deadlines/nearest-deadline';
import { DUTY_VIEW, STATUS_VIEW } from '../model/status';

/** A procurement's status in its colour. */
export function StatusBadge({ status }: { status: ProcurementStatus }) {
  return <ViewBadge view={STATUS_VIEW} state={status} variant="light" />;
}

/** The nearest duty of a procurement: due soon / overdue with its date and name; «в срок» quietly. */
export function DeadlineBadge({ deadline }: { deadline: ProcurementDutyOut | null }) {
  return <NearestDeadline deadline={deadline} view={DUTY_VIEW} />;
}
