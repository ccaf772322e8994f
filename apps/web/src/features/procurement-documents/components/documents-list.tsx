import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  type Documentation,
  type DocumentOutput,
  type OutputFormat,
  PROCUREMENT_DOCUMENT_STATE_TITLES,
  type ProcurementDocument,
  type ProcurementDocumentState,
} from '@zakupki/shared/api/procurement-documents';
import { DOCUMENT_FORMAT_TITLES } from '@zakupki/shared/api/procurement-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFileDownload } from '../../../lib/download';
import { formatDateTime } from '../../../lib/formatters';
import type { GenerationState } from '../api/generation';
import { useDocumentOutputs } from '../api/procurement-documents';
import { fieldAnchor } from '../model/fields';

const STATE_COLOR: Record<ProcurementDocumentState, string> = {
  no_template: 'gray',
  not_filled: 'orange',
  ready: 'blue',
  generated: 'green',
  outdated: 'yellow',
  failed: 'red',
};

type Props = {
  companyId: number;
  doc: Documentation;
  canWrite: boolean;
  generation: GenerationState;
  busy: boolean;
  onGenerate: (documentIds: number[] | null, formats: OutputFormat[]) => void;
};

const canGenerate = (d: ProcurementDocument) => d.state !== 'no_template';

/**
 * The documents the pinned Положение version asks for: state, missing fields, the latest output
 * with its downloads, earlier versions, and «Сформировать» for one document or all of them.
 */
export function DocumentsList({ companyId, doc, canWrite, generation, busy, onGenerate }: Props) {
  const [formats, setFormats] = useState<OutputFormat[]>(doc.pdf_available ? ['docx', 'pdf'] : ['docx']);
  const [versionsOf, setVersionsOf] = useState<ProcurementDocument | null>(null);
  const running = generation.phase === 'running' ? generation : null;
  const serverJob = doc.generating;
  const progress = running?.progress ?? serverJob?.progress ?? null;
  const inJob = (id: number) =>
    busy || serverJob ? !running?.documentIds || running.documentIds.includes(id) || !!serverJob : false;
  const resultOf = (id: number) =>
    generation.phase === 'done' ? generation.results.find((r) => r.document_id === id) : undefined;
  const pickFormats = (f: OutputFormat[]) => setFormats(f.length ? f : ['docx']);
  const generatable = doc.documents.filter(canGenerate);

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={4}>Документы закупки</Title>
          {canWrite ? (
            <Group gap="md">
              <Checkbox.Group
                value={formats}
                onChange={(v) => pickFormats(v as OutputFormat[])}
                label="Форматы"
              >
                <Group gap="xs" mt={4}>
                  <Checkbox value="docx" label="DOCX" />
                  <Checkbox value="pdf" label="PDF" disabled={!doc.pdf_available} />
                </Group>
              </Checkbox.Group>
              <Button
                onClick={() => onGenerate(null, formats)}
                loading={busy || !!serverJob}
                disabled={generatable.length === 0}
              >
                Сформировать все
              </Button>
            </Group>
          ) : null}
        </Group>
        {!doc.pdf_available ? (
          <Alert color="gray" title="PDF недоступен">
            {doc.pdf_unavailable_reason ?? 'На сервере не установлен LibreOffice.'} Документы формируются в
            DOCX.
          </Alert>
        ) : null}
        {progress !== null && (busy || serverJob) ? (
          <Stack gap={2}>
            <Text size="sm">Формирование документов: {Math.round(progress)} %</Text>
            <Progress value={progress} animated aria-label="Ход формирования" />
          </Stack>
        ) : null}
        {generation.phase === 'failed' ? (
          <Alert color="red" title="Документы не сформированы">
            {generation.error}
          </Alert>
        ) : null}
        {doc.documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            Положение о закупке не требует документов для способа «{doc.method_title}». Списки документов
            задаются в правилах документов версии положения.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" aria-label="Документы закупки">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Документ</Table.Th>
                  <Table.Th>Состояние</Table.Th>
                  <Table.Th>Сформирован</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {doc.documents.map((d) => (
                  <DocumentRow
                    key={d.document_id}
                    d={d}
                    canWrite={canWrite}
                    generating={inJob(d.document_id)}
                    result={resultOf(d.document_id)}
                    onGenerate={() => onGenerate([d.document_id], formats)}
                    onVersions={() => setVersionsOf(d)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <VersionsModal
        companyId={companyId}
        procurementId={doc.procurement_id}
        d={versionsOf}
        onClose={() => setVersionsOf(null)}
      />
    </Card>
  );
}

function DocumentRow({
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

function OutputLinks({ o, title }: { o: DocumentOutput; title: string }) {
  const download = useFileDownload();
  return (
    <Group gap="xs">
      {o.docx_file_id ? (
        <Button
          size="compact-xs"
          variant="outline"
          onClick={() => download.mutate({ id: o.docx_file_id as number, name: `${title}.docx` })}
          aria-label={`Скачать DOCX «${title}», версия ${o.version}`}
        >
          DOCX
        </Button>
      ) : null}
      {o.pdf_file_id ? (
        <Button
          size="compact-xs"
          variant="outline"
          onClick={() => download.mutate({ id: o.pdf_file_id as number, name: `${title}.pdf` })}
          aria-label={`Скачать PDF «${title}», версия ${o.version}`}
        >
          PDF
        </Button>
      ) : null}
      {o.docx_file_id ? (
        <Anchor component={Link} to={`/files/${o.pdf_file_id ?? o.docx_file_id}`} size="xs">
          Страница файла
        </Anchor>
      ) : null}
    </Group>
  );
}

function VersionsModal({
  companyId,
  procurementId,
  d,
  onClose,
}: {
  companyId: number;
  procurementId: number;
  d: ProcurementDocument | null;
  onClose: () => void;
}) {
  const outputs = useDocumentOutputs(companyId, procurementId, d?.document_id ?? null);
  return (
    <Modal opened={d !== null} onClose={onClose} title={d ? `Версии: ${d.title}` : ''} size="lg">
      {outputs.isError ? <Alert color="red">Не удалось загрузить версии документа</Alert> : null}
      <Table aria-label="Версии документа">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Версия</Table.Th>
            <Table.Th>Когда и кем</Table.Th>
            <Table.Th>Файлы</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(outputs.data?.items ?? []).map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>{o.version}</Table.Td>
              <Table.Td>
                <Text size="xs">
                  {formatDateTime(o.created_at)}
                  {o.created_by ? `, ${o.created_by.title}` : ''}
                </Text>
                {o.missing.length ? (
                  <Text size="xs" c="orange.8">
                    Пустые поля: {o.missing.join(', ')}
                  </Text>
                ) : null}
                {o.error ? (
                  <Text size="xs" c="red">
                    {o.error}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{d ? <OutputLinks o={o} title={d.title} /> : null}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
