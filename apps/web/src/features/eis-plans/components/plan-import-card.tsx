import { Alert, Group, List, Stack, Text } from '@mantine/core';
import type { EisPlanImportResult } from '@zakupki/shared/api/eis-plans';
import { ImportDropCard, useImportSteps } from '../../../components/form/import-drop-card';
import { useEisPlanImportRun, useEisPlanUpload } from '../api/eis-plans';

/** The plan import: drop (or pick) purchasePlan XML or ZIP files; the upload's and the job's progress; the result. */
export function PlanImportCard({
  companyId,
  onPlan,
}: {
  companyId: number;
  onPlan: (planId: number) => void;
}) {
  const steps = useImportSteps();
  const upload = useEisPlanUpload(companyId, steps.setSent);
  const run = useEisPlanImportRun(companyId, steps.importId);
  const start = (files: File[]) => upload.mutate(files, { onSuccess: steps.begin() });
  const r = run.data;
  const result = r?.kind === 'eis-plans' ? (r.result as EisPlanImportResult | null) : null;
  return (
    <ImportDropCard
      title="Загрузить план из ЕИС"
      dropLabel="Файлы плана закупки"
      hint="Перетащите сюда файлы плана закупки (XML purchasePlan из ЕИС или архив ZIP)"
      note="или нажмите, чтобы выбрать файлы; каждая версия плана сохраняется"
      onDrop={start}
      uploading={upload.isPending}
      sent={steps.sent}
      run={r}
    >
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
    </ImportDropCard>
  );
}
