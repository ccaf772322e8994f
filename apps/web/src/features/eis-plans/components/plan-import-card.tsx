import { Alert, Card, Group, List, Progress, Stack, Text } from '@mantine/core';
import type { EisPlanImportResult } from '@zakupki/shared/api/eis-plans';
import { useState } from 'react';
import { FileDrop } from '../../../components/form/file-drop';
import { useEisPlanImportRun, useEisPlanUpload } from '../api/eis-plans';

const ACCEPT = [
  '.xml',
  '.zip',
  'application/xml',
  'text/xml',
  'application/zip',
  'application/x-zip-compressed',
];

/** The plan import: drop (or pick) purchasePlan XML or ZIP files; the upload's and the job's progress; the result. */
export function PlanImportCard({
  companyId,
  onPlan,
}: {
  companyId: number;
  onPlan: (planId: number) => void;
}) {
  const [sent, setSent] = useState(0);
  const [importId, setImportId] = useState<number | null>(null);
  const upload = useEisPlanUpload(companyId, setSent);
  const run = useEisPlanImportRun(companyId, importId);
  const start = (files: File[]) => {
    setSent(0);
    setImportId(null);
    upload.mutate(files, { onSuccess: (r) => setImportId(r.import_id) });
  };
  const r = run.data;
  const result = r?.kind === 'eis-plans' ? (r.result as EisPlanImportResult | null) : null;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>Загрузить план из ЕИС</Text>
        <FileDrop
          onDrop={start}
          accept={ACCEPT}
          multiple
          loading={upload.isPending}
          aria-label="Файлы плана закупки"
          name="file"
        >
          <Stack gap={2} align="center" py="sm">
            <Text size="sm">Перетащите сюда файлы плана закупки (XML purchasePlan из ЕИС или архив ZIP)</Text>
            <Text size="xs" c="dimmed">
              или нажмите, чтобы выбрать файлы; каждая версия плана сохраняется
            </Text>
          </Stack>
        </FileDrop>
        {upload.isPending ? <Progress value={sent} aria-label={`Передача файлов: ${sent} %`} /> : null}
        {r && (r.status === 'queued' || r.status === 'running') ? (
          <Stack gap={4}>
            <Text size="sm">
              Обработка файла «{r.upload_file_name}»: {r.progress} %
            </Text>
            <Progress value={r.progress} animated aria-label={`Обработка: ${r.progress} %`} />
          </Stack>
        ) : null}
        {r?.status === 'failed' ? (
          <Alert color="red" title="План не загружен">
            {r.error}
          </Alert>
        ) : null}
        {(r?.status === 'done' || r?.status === 'warning') && result ? (
          <Alert color={result.violations.length ? 'orange' : 'green'} title="План загружен">
            <Stack gap={4}>
              {result.plans.map((p) => (
                <Group key={`${p.plan_id}-${p.version}`} gap="xs">
                  <Text size="sm">
                    {p.unchanged
                      ? `План ${p.registration_number}, версия ${p.version} уже был загружен — ничего не изменилось`
                      : `План ${p.registration_number}, версия ${p.version}: позиций ${p.positions}; новых ${p.added}, изменённых ${p.changed}, аннулированных ${p.annulled}`}
                  </Text>
                  <Text size="sm" c="blue" style={{ cursor: 'pointer' }} onClick={() => onPlan(p.plan_id)}>
                    Открыть
                  </Text>
                </Group>
              ))}
              {result.violations.length ? (
                <List size="sm" spacing={2}>
                  {result.violations.map((v) => (
                    <List.Item key={`${v.code}-${v.version}-${v.position_number}-${v.message}`}>
                      {v.message}
                    </List.Item>
                  ))}
                </List>
              ) : null}
              {result.warnings.map((w) => (
                <Text key={w} size="xs" c="dimmed">
                  {w}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
