import { Alert, Anchor, Badge, Group, List, Progress, Stack, Text } from '@mantine/core';
import type { ImportRun } from '@zakupki/shared/api/imports';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ViewBadge } from '../../../../components/badges/view-badge';
import { notices } from '../../../../components/notices/notices.store';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { importNoticeId } from '../../../../lib/realtime';
import { useImportRun } from '../../api/execution';
import { isRunActive, RUN_STATUS_VIEW, UPD_STATUS_VIEW, updState, updTitle } from '../../model/labels';
import { RunWarnings } from '../cells';

/** Each file of a run with its outcome, when it had several or some were refused. */
function RunFiles({ run }: { run: ImportRun }) {
  const failed = run.files.filter((f) => f.status === 'failed');
  if (run.files.length < 2 && failed.length === 0) return null;
  return (
    <Alert
      color={failed.length ? 'orange' : 'gray'}
      title={
        failed.length
          ? `Загружено файлов: ${run.files.length - failed.length} из ${run.files.length}`
          : `Загружено файлов: ${run.files.length}`
      }
    >
      <List size="sm" spacing={4} aria-label="Файлы загрузки">
        {run.files.map((f) => (
          <List.Item key={f.file_name}>
            <Text size="sm" span fw={500}>
              {f.file_name}
            </Text>
            {' — '}
            {f.status === 'done' ? 'загружен' : `не загружен: ${f.error ?? 'ошибка'}`}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** What an import found, in a few words per kind, with the outcome of each file. */
export function ImportResult({ run }: { run: ImportRun }) {
  if (run.status === 'failed') {
    return run.files.length > 1 ? (
      <RunFiles run={run} />
    ) : (
      <Alert color="red" title="Файл не обработан">
        {run.error ?? 'Импорт завершился ошибкой'}
      </Alert>
    );
  }
  if (!run.result) return null;
  return (
    <Stack gap={6}>
      <RunFiles run={run} />
      <KindResult run={run} />
    </Stack>
  );
}

function KindResult({ run }: { run: ImportRun }) {
  if (!run.result) return null;
  if (run.kind === 'upd') {
    const r = run.result;
    return (
      <Stack gap={6}>
        <Text size="sm">
          Новых документов: {r.created}
          {r.duplicates ? `, уже были загружены: ${r.duplicates}` : ''}
          {r.without_contract ? `, без договора: ${r.without_contract}` : ''}
        </Text>
        <List size="sm" spacing={4}>
          {r.documents.map((d) => (
            <List.Item key={`${d.file_name}|${d.number}|${d.date}|${d.correction_number}|${d.duplicate}`}>
              <Group gap={6} wrap="wrap">
                <Text size="sm">
                  {updTitle(d)}
                  {d.total_with_vat ? ` на ${formatMoney(d.total_with_vat)}` : ''}
                </Text>
                {d.duplicate ? (
                  <Badge color="gray" variant="light">
                    уже загружен
                  </Badge>
                ) : (
                  <ViewBadge view={UPD_STATUS_VIEW} state={updState(d)} variant="light" />
                )}
                {d.id ? (
                  <Anchor component={Link} to={`/contracts/execution?upd=${d.id}`} size="sm">
                    {d.status === 'no_contract' ? 'Выбрать договор' : 'Сопоставить строки'}
                  </Anchor>
                ) : null}
              </Group>
              {d.error ? (
                <Text size="sm" c="red">
                  {d.error}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
        <RunWarnings warnings={r.warnings} />
      </Stack>
    );
  }
  if (run.kind === 'payments') {
    const r = run.result;
    return (
      <Stack gap={4}>
        <Text size="sm">
          Документов в выписке: {r.documents}; исходящих платежей: {r.outgoing}; новых: {r.created} на сумму{' '}
          {formatMoney(r.total_amount)}
        </Text>
        <Text size="sm">
          Сопоставлено с договорами: {r.matched}; не сопоставлено: {r.unmatched}
          {r.duplicates ? `; уже были загружены: ${r.duplicates}` : ''}
        </Text>
        {r.unmatched ? (
          <Anchor component={Link} to="/contracts/execution?section=payments" size="sm">
            Разобрать несопоставленные платежи
          </Anchor>
        ) : null}
        <RunWarnings warnings={r.warnings} />
      </Stack>
    );
  }
  if (run.kind === 'eis-plans') {
    return (
      <Text size="sm">{`План закупки ${run.result.registration_number ?? ''}: позиций ${run.result.positions}`}</Text>
    );
  }
  if (run.kind === 'eis-procurements') {
    const r = run.result;
    return (
      <Text size="sm">{`Извещений: ${r.notices}, протоколов: ${r.protocols}; новых: ${r.created}, обновлено: ${r.updated}, без изменений: ${r.unchanged}`}</Text>
    );
  }
  const r = run.result;
  return (
    <Stack gap={4}>
      <Text size="sm">
        Договоров в файлах: {r.contracts}; новых: {r.created}; обновлено: {r.updated}; без изменений:{' '}
        {r.unchanged}
        {r.history ? `; старых версий: ${r.history}` : ''}; событий исполнения: {r.events}
      </Text>
      {r.violations.length ? (
        <Alert color="orange" title={`Нарушения сроков размещения (${r.violations.length})`}>
          <List size="sm" spacing={4}>
            {r.violations.map((v) => (
              <List.Item key={`${v.contract_id}|${v.eais_registry_number}|${v.due_date}|${v.message}`}>
                {v.contract_number ? `Договор № ${v.contract_number}` : (v.eais_registry_number ?? 'Договор')}
                : {v.message}
                {` (срок ${formatDate(v.due_date)}${v.done_date ? `, размещено ${formatDate(v.done_date)}` : ', не размещено'})`}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Нарушений сроков не найдено
        </Text>
      )}
      <RunWarnings warnings={r.warnings} />
    </Stack>
  );
}

/** One import while it runs (progress bar) and after (its result). */
export function ImportRunView({ companyId, importId }: { companyId: number; importId: number }) {
  const q = useImportRun(companyId, importId);
  const run = q.data;
  const finished = run ? !isRunActive(run.status) : false;
  useEffect(() => {
    // the result arrived (a push may come before the upload's answer): no pending notice stays
    if (finished) notices.remove(importNoticeId(importId));
  }, [finished, importId]);
  if (!run) return <Progress value={100} animated striped aria-label="Ожидание начала обработки" />;
  const active = isRunActive(run.status);
  return (
    <Stack gap="xs" aria-live="polite">
      <Group gap="xs">
        <ViewBadge view={RUN_STATUS_VIEW} state={run.status} />
        <Text size="sm">{run.upload_file_name}</Text>
      </Group>
      {active ? (
        <Progress
          value={Math.max(run.progress, 5)}
          animated
          striped
          aria-label={`Обработка файла: ${run.progress} %`}
        />
      ) : null}
      {!active ? <ImportResult run={run} /> : null}
    </Stack>
  );
}
