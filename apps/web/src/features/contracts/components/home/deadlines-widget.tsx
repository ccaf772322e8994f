import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DeadlineWidget } from '../../../../components/deadlines/deadline-widget';
import { DutyBadge } from '../../../../components/deadlines/duty-badge';
import { dueText } from '../../../../lib/duties';
import { formatDate } from '../../../../lib/formatters';
import { useDeadlines } from '../../api/contracts';
import { DEADLINE_VIEW } from '../../model/status';

/** Main page: EIS duties of the company's contracts that are due soon or overdue (docs/domain.md §1). */
export function DeadlinesWidget({ companyId }: { companyId: number }) {
  const q = useDeadlines(companyId, 10);
  const data = q.data;
  return (
    <DeadlineWidget
      pending={q.isPending}
      data={data}
      loadingLabel="Загрузка сроков"
      aria-label="Сроки размещения сведений в ЕИС"
      emptyText="Сроков, которые истекают или уже прошли, нет"
      rowKey={(d) => `${d.contract_id}-${d.duty}-${d.event_id ?? 0}`}
      head={
        data?.counts.overdue ? (
          <Anchor component={Link} to="/contracts/register?overdue=true" size="sm">
            Просроченные договоры в реестре
          </Anchor>
        ) : null
      }
      foot={
        data && data.total > data.items.length ? (
          <Text size="xs" c="dimmed">
            Показаны {data.items.length} из {data.total}
          </Text>
        ) : null
      }
      columns={[
        {
          title: 'Договор',
          cell: (d) => (
            <>
              <Anchor
                component={Link}
                to={`/contracts/register?contract=${d.contract_id}&tab=execution`}
                size="sm"
              >
                № {d.contract_number} от {formatDate(d.contract_date)}
              </Anchor>
              <Text size="xs" c="dimmed" lineClamp={1} title={d.subject}>
                {d.supplier_name}
              </Text>
            </>
          ),
        },
        { title: 'Что разместить', maw: 360, cell: (d) => <Text size="sm">{d.title}</Text> },
        { title: 'Срок', nowrap: true, cell: (d) => formatDate(d.due_date) },
        {
          title: 'Состояние',
          cell: (d) => <DutyBadge status={d.status} view={DEADLINE_VIEW} note={dueText(d)} />,
        },
      ]}
    />
  );
}
