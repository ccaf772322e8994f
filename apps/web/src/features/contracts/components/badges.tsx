import type { DeadlineSummary } from '@zakupki/shared/api/contracts';
import type { ContractStatus } from '@zakupki/shared/api/contracts-model';
import { ViewBadge } from '../../../components/badges/view-badge';
import { NearestDeadline } from '../../../components/deadlines/nearest-deadline';
import { DEADLINE_VIEW, STATUS_VIEW } from '../model/status';

/** A contract's status in its colour. */
export function StatusBadge({ status }: { status: ContractStatus }) {
  return <ViewBadge view={STATUS_VIEW} state={status} variant="light" />;
}

/** The nearest EIS duty of a contract: due soon / overdue with its date and name; «в срок» quietly. */
export function DeadlineBadge({ deadline }: { deadline: DeadlineSummary | null }) {
  return <NearestDeadline deadline={deadline} view={DEADLINE_VIEW} />;
}
