import { Badge, List, Stack, Text } from '@mantine/core';
import { SME_RULE_STATUS_TITLES, type SmeReport } from '@zakupki/shared/api/sme-report';

const statusBadge = (status: 'confirmed' | 'unconfirmed') => (
  <Badge size="xs" variant="light" color={status === 'confirmed' ? 'green' : 'yellow'}>
    {SME_RULE_STATUS_TITLES[status]}
  </Badge>
);

/** The notes of the figures, then every rule with its reference, status and the reading used. */
export function SmeRules({ report }: { report: SmeReport }) {
  return (
    <Stack gap="xs">
      <Text size="sm">{report.reading}</Text>
      <List size="sm" spacing={4}>
        {report.quotas.map((q) => (
          <List.Item key={q.code}>
            Норматив не менее {q.required_percent} %: {q.title} ({q.reference}) {statusBadge(q.status)}
          </List.Item>
        ))}
        {report.exclusions.map((e) => (
          <List.Item key={e.code}>
            <Text size="sm" span fw={500}>
              {e.title}
            </Text>{' '}
            ({e.reference}) {statusBadge(e.status)}
            <Text size="xs" c="dimmed">
              {e.reading}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
