import { Alert, Anchor, Card, List, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FileDrop } from '../../../../components/form/file-drop';
import { useProcurementImportRun, useProcurementImportUpload } from '../../api/eis-import';

const ACCEPT = [
  '.xml',
  '.zip',
  'application/xml',
  'text/xml',
  'application/zip',
  'application/x-zip-compressed',
];

/** «Загрузить из ЕИС»: notices and protocols (XML or ZIP), the upload's and the job's progress, the outcome per file. */
export function ImportCard({ companyId }: { companyId: number }) {
  const [sent, setSent] = useState(0);
  const [importId, setImportId] = useState<number | null>(null);
  const upload = useProcurementImportUpload(companyId, setSent);
  const run = useProcurementImportRun(companyId, importId);
  const start = (files: File[]) => {
    setSent(0);
    setImportId(null);
    upload.mutate(files, { onSuccess: (r) => setImportId(r.import_id) });
  };
  const r = run.data;
  const ended = r && (r.status === 'done' || r.status === 'warning' || r.status === 'failed');
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>Загрузить из ЕИС</Text>
        <FileDrop
          onDrop={start}
          accept={ACCEPT}
          multiple
          loading={upload.isPending}
          aria-label="Файлы извещений и протоколов"
          name="file"
        >
          <Stack gap={2} align="center" py="sm">
            <Text size="sm">
              Перетащите сюда извещения и протоколы закупок (XML purchaseNotice…, purchaseProtocol… из ЕИС или
              архив ZIP)
            </Text>
            <Text size="xs" c="dimmed">
              или нажмите, чтобы выбрать файлы; повторная загрузка того же извещения ничего не меняет
            </Text>
          </Stack>
        </FileDrop>
        {upload.isPending ? <Progress value={sent} aria-label={`Передача файлов: ${sent} %`} /> : null}
        {r && !ended ? (
          <Stack gap={4}>
            <Text size="sm">
              Обработка «{r.upload_file_name}»: {r.progress} %
            </Text>
            <Progress value={r.progress} animated aria-label={`Обработка: ${r.progress} %`} />
          </Stack>
        ) : null}
        {r && ended ? (
          <Alert
            color={r.status === 'done' ? 'green' : r.status === 'warning' ? 'orange' : 'red'}
            title={
              r.status === 'done' ? 'Загружено' : r.status === 'warning' ? 'Загружено не всё' : 'Не загружено'
            }
          >
            <Stack gap={4}>
              {r.error ? <Text size="sm">{r.error}</Text> : null}
              {r.result ? (
                <Text size="sm">
                  Извещений: {r.result.notices}, протоколов: {r.result.protocols}; новых: {r.result.created},
                  обновлённых: {r.result.updated}, без изменений: {r.result.unchanged}
                  {r.result.procurement_id ? (
                    <>
                      {' · '}
                      <Anchor component={Link} to={`/documents/${r.result.procurement_id}`} size="sm">
                        Открыть закупку
                      </Anchor>
                    </>
                  ) : null}
                </Text>
              ) : null}
              {(r.result?.warnings ?? []).map((w) => (
                <Text key={w} size="xs" c="dimmed">
                  {w}
                </Text>
              ))}
              {r.files.length ? (
                <List size="sm" spacing={2}>
                  {r.files.map((f) => (
                    <List.Item key={f.file_name}>
                      {f.file_name}: {f.status === 'done' ? 'загружен' : `не загружен — ${f.error ?? ''}`}
                    </List.Item>
                  ))}
                </List>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
