import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import {
  PROCUREMENT_DOCUMENT_STATE_TITLES,
  type ProcurementDocument,
  type ProcurementDocumentState,
} from '@zakupki/shared/api/procurement-documents';
import { DOCUMENT_FORMAT_TITLES } from '@zakupki/shared/api/procurement-rules';
import { formatDateTime } from '../../../lib/formatters';
import { fieldAnchor } from '../model/fields';
import { OutputLinks } from './document-outputs';

const STATE_COLOR: Record<ProcurementDocumentState, string> = {
  no_template: 'gray',
  not_filled: 'orange',
  ready: 'blue',
  generated: 'green',
  outdated: 'yellow',
  failed: 'red',
};

/** A document of the list: its kind and template, the fields it misses, its state, its latest output. */
export function DocumentRow({
  d,
  canWrite,
  generating,
  result,
  onGenerate,
  onVersions,
}: {
  d: ProcurementDocument;
  canWrite: boolean;
  generating: boolean;
  result: { error: string | null } | undefined;
  onGenerate: () => void;
  onVersions: () => void;
}) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {d.title}
          {d.required ? '' : ' (необязательный)'}
        </Text>
        <Text size="xs" c="dimmed">
          {d.document_kind_title} · {DOCUMENT_FORMAT_TITLES[d.formats]}
          {d.template_name ? ` · шаблон ${d.template_name}` : ''}
        </Text>
        {d.missing.length ? (
          <Text size="xs" c="orange.8">
            Не заполнены:{' '}
            {d.missing.map((m, i) => (
              <span key={m.code}>
                {i ? ', ' : ''}
                <Anchor
                  size="xs"
                  href={`#${fieldAnchor(m.code)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    const el = document.getElementById(fieldAnchor(m.code));
                    el?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
                    el?.focus?.();
                  }}
                >
                  {m.title}
                </Anchor>
              </span>
            ))}
          </Text>
        ) : null}
        {result?.error || d.latest?.error ? (
          <Text size="xs" c="red">
            {result?.error ?? d.latest?.error}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATE_COLOR[d.state]}>
          {generating ? 'Формируется…' : PROCUREMENT_DOCUMENT_STATE_TITLES[d.state]}
        </Badge>
      </Table.Td>
      <Table.Td>
        {d.latest ? (
          <Stack gap={2}>
            <Text size="xs">
              Версия {d.latest.version} от {formatDateTime(d.latest.created_at)}
              {d.latest.created_by ? `, ${d.latest.created_by.title}` : ''}
            </Text>
            <OutputLinks o={d.latest} title={d.title} />
          </Stack>
        ) : (
          <Text size="xs" c="dimmed">
            ещё не формировался
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {d.versions_count > 1 ? (
            <Button size="xs" variant="subtle" onClick={onVersions}>
              Версии ({d.versions_count})
            </Button>
          ) : null}
          {canWrite ? (
            <Button
              size="xs"
              variant="light"
              onClick={onGenerate}
              // a document is never made with a required value empty (the server refuses it too)
              disabled={d.state === 'no_template' || d.state === 'not_filled'}
              title={d.state === 'not_filled' ? 'Сначала заполните обязательные поля' : undefined}
              loading={generating}
              aria-label={`Сформировать «${d.title}»`}
            >
              Сформировать
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
