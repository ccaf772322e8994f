import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DeadlineWidget } from '../../../../components/deadlines/deadline-widget';
import { DutyBadge } from '../../../../components/deadlines/duty-badge';
import { openDueText } from '../../../../lib/duties';
import { formatDate } from '../../../../lib/formatters';
import { procurementDeadlinesQuery } from '../../api/procurements';
import { DUTY_VIEW } from '../../model/status';

/**
 * Main page: the open duties of the company's procurements — notice placement, protocols within
 * 3 days of signing (ч. 12 ст. 4), the contract window 10–20 days after the final protocol
 * (ч. 15 ст. 3.2) — nearest first, each with a link to its procurement's dates tab.
 */
export function ProcurementDeadlinesWidget({ companyId }: { companyId: number }) {
  const q = useQuery(procurementDeadlinesQuery(companyId));
  return (
    <DeadlineWidget
      pending={q.isPending}
      data={q.data}
      loadingLabel="Загрузка сроков закупок"
      aria-label="Сроки закупок"
      emptyText="Открытых сроков по закупкам нет"
      rowKey={(d) => `${d.procurement_id}-${d.duty}-${d.protocol_id ?? ''}`}
      columns={[
        {
          title: 'Закупка',
          cell: (d) => (
            <>
              <Anchor component={Link} to={`/documents/${d.procurement_id}?tab=dates`} size="sm">
                № {d.procurement_number}
              </Anchor>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {d.subject}
              </Text>
            </>
          ),
        },
        { title: 'Обязанность', cell: (d) => d.title },
        {
          title: 'Срок',
          nowrap: true,
          cell: (d) =>
            `${d.earliest_date ? `${formatDate(d.earliest_date)} – ` : ''}${formatDate(d.due_date)}`,
        },
        {
          title: 'Состояние',
          cell: (d) => <DutyBadge status={d.status} view={DUTY_VIEW} note={openDueText(d)} />,
        },
      ]}
    />
  );
}
