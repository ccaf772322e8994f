import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { TemplateReport } from '@zakupki/shared/api/procurement-rules';

/**
 * What an uploaded template holds: its fields; unknown and malformed ones (the template was
 * refused); required user fields it does not use and older field names it uses (warnings). Worded for a specialist: fields,
 * never «tags».
 */
export function TemplateReportView({
  name,
  report,
  refused,
  onClose,
}: {
  name: string;
  report: TemplateReport;
  refused: boolean;
  onClose: () => void;
}) {
  return (
    <Alert
      color={refused ? 'red' : report.missing_required.length || report.warnings.length ? 'yellow' : 'green'}
      title={refused ? `Шаблон «${name}» не принят` : `Шаблон «${name}» загружен`}
      withCloseButton
      onClose={onClose}
      aria-label="Отчёт о шаблоне"
    >
      <Stack gap={6}>
        {report.malformed.length ? (
          <Text size="sm">Ошибки в записи полей: {report.malformed.join('; ')}</Text>
        ) : null}
        {report.unknown.length ? (
          <Group gap={4}>
            <Text size="sm">Неизвестные поля:</Text>
            {report.unknown.map((t) => (
              <Badge key={t} color="red" variant="light" tt="none">
                {`{${t}}`}
              </Badge>
            ))}
          </Group>
        ) : null}
        {report.tags.length ? (
          <Group gap={4}>
            <Text size="sm">Поля шаблона:</Text>
            {report.tags.map((t) => (
              <Badge key={t} variant="light" tt="none" color={report.unknown.includes(t) ? 'red' : 'blue'}>
                {t}
              </Badge>
            ))}
          </Group>
        ) : null}
        {report.missing_required.length ? (
          <Text size="sm">
            Не использованы обязательные поля:{' '}
            {report.missing_required.map((m) => `${m.title} ({${m.code}})`).join(', ')}
          </Text>
        ) : null}
        {report.warnings.map((w) => (
          <Text key={w} size="sm">
            {w}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
