import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DeadlineWidget } from '../../../components/deadlines/deadline-widget';
import { DutyBadge } from '../../../components/deadlines/duty-badge';
import { formatDate } from '../../../lib/formatters';
import { ruleDeadlinesQuery } from '../api/procurement-rules';
import { DUTY_VIEW, dutyText } from '../model/views';

/** Main page: approved Положения (and changes) still owed to the EIS within 15 days (ч. 1 ст. 4). */
export function RulesDeadlinesWidget({ companyId }: { companyId: number }) {
  const q = useQuery(ruleDeadlinesQuery(companyId));
  return (
    <DeadlineWidget
      pending={q.isPending}
      data={q.data}
      loadingLabel="Загрузка сроков положений"
      aria-label="Размещение положений о закупке в ЕИС"
      emptyText="Утверждённых положений, ожидающих размещения в ЕИС, нет"
      rowKey={(d) => d.version_id}
      columns={[
        {
          title: 'Положение',
          cell: (d) => (
            <Anchor component={Link} to={`/procurementsRules/${d.rule_id}/versions`} size="sm">
              {d.rule_title}, редакция № {d.version_number}
            </Anchor>
          ),
        },
        { title: 'Утверждено', cell: (d) => formatDate(d.base_date) },
        { title: 'Срок', nowrap: true, cell: (d) => formatDate(d.due_date) },
        {
          title: 'Состояние',
          cell: (d) => <DutyBadge status={d.status} view={DUTY_VIEW} note={dutyText(d)} />,
        },
      ]}
    />
  );
}
