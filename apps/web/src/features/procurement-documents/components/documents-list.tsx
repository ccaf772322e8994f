import { Alert, Button, Card, Checkbox, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type {
  Documentation,
  OutputFormat,
  ProcurementDocument,
} from '@zakupki/shared/api/procurement-documents';
import { useState } from 'react';
import type { GenerationState } from '../api/generation';
import { VersionsModal } from './document-outputs';
import { DocumentRow } from './document-row';

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
