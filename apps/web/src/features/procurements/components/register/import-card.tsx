import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  ImportDropCard,
  isImportRunning,
  useImportSteps,
} from '../../../../components/form/import-drop-card';
import { useProcurementImportRun, useProcurementImportUpload } from '../../api/eis-import';

/** «Загрузить из ЕИС»: notices and protocols (XML or ZIP), the upload's and the job's progress, the outcome per file. */
export function ImportCard({ companyId }: { companyId: number }) {
  const steps = useImportSteps();
  const upload = useProcurementImportUpload(companyId, steps.setSent);
  const run = useProcurementImportRun(companyId, steps.importId);
  const start = (files: File[]) => upload.mutate(files, { onSuccess: steps.begin() });
  const r = run.data;
  const ended = r && !isImportRunning(r);
  return (
    <ImportDropCard
      title="Загрузить из ЕИС"
      dropLabel="Файлы извещений и протоколов"
      hint="Перетащите сюда извещения и протоколы закупок (XML purchaseNotice…, purchaseProtocol… из ЕИС или архив ZIP)"
      note="или нажмите, чтобы выбрать файлы; повторная загрузка того же извещения ничего не меняет"
      onDrop={start}
      uploading={upload.isPending}
      sent={steps.sent}
      run={r}
    >
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
    </ImportDropCard>
  );
}
