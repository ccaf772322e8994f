import { Anchor, Stack, Text } from '@mantine/core';
import type { Procurement } from '@zakupki/shared/api/procurements';
import { Link } from 'react-router';

/** «Документация»: a summary; the fields form and the documents live on /procurement_documents/:id. */
export function DocumentationTab({ procurement: p }: { procurement: Procurement }) {
  if (p.rule_version_id === null)
    return (
      <Text size="sm">
        Документация формируется по правилам документации редакции Положения о закупке: привяжите закупку к
        Положению, чтобы открыть её.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm">
        Документы закупки формируются по правилам документации положения «{p.rule_title}» (редакция{' '}
        {p.rule_version_number}) для способа «{p.method_title}»: поля документов заполняются один раз для всей
        закупки, документы формируются в DOCX и PDF.
      </Text>
      <Anchor component={Link} to={`/procurement_documents/${p.id}`} fw={500}>
        Открыть документацию
      </Anchor>
    </Stack>
  );
}
