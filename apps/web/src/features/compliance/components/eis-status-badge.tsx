import { Badge } from '@mantine/core';
import { type ComplianceDuty, DUTY_EIS_STATUS_TITLES } from '@zakupki/shared/api/compliance';
import { formatDate } from '../../../lib/formatters';

/**
 * A done duty's object as the EIS sync found it by its registration number: «подтверждено в ЕИС»
 * with the day, or «не найдено в ЕИС» (the duty is marked done, the EIS does not show it). Nothing
 * for a duty not done yet or an object not checked.
 */
export function EisStatusBadge({ duty }: { duty: ComplianceDuty }) {
  if (!duty.done_on || !duty.eis_status) return null;
  const notFound = duty.eis_status === 'not_found';
  const day = duty.eis_status_on ? formatDate(duty.eis_status_on) : null;
  return (
    <Badge
      color={notFound ? 'red' : 'teal'}
      variant={notFound ? 'outline' : 'light'}
      size="sm"
      mt={4}
      title={day ? `${notFound ? 'Проверено' : 'Размещено'} ${day}` : undefined}
    >
      {DUTY_EIS_STATUS_TITLES[duty.eis_status]}
      {!notFound && day ? ` ${day}` : ''}
    </Badge>
  );
}
