import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  Radio,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import type { CompanyRef } from '@zakupki/shared/api/auth';
import type { CatalogDescriptor, CatalogImportResult } from '@zakupki/shared/api/catalogs';
import { useEffect, useEffectEvent, useState } from 'react';
import { useRecordChange } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { companyLabel } from '../../../lib/company';
import { reportApiError } from '../../../lib/error-handler';
import { ApiError } from '../../../lib/http-errors';
import { useCatalogImportRun, useCatalogsRefresh, useImportXlsx } from '../api/catalogs';
import { importErrorsOf } from '../api/entry-body';
import type { CatalogRights } from '../hooks/use-catalog-rights';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * XLSX import: the server takes the file as a job (202), checks the whole file and writes all rows
 * or none; the dialog shows its progress until it ends. A refused file
 * lists its errors by row here; the file can be fixed and chosen again.
 */
export function ImportModal({
  d,
  opened,
  rights,
  company,
  onClose,
}: {
  d: CatalogDescriptor;
  opened: boolean;
  rights: CatalogRights;
  company: CompanyRef | null;
  onClose: () => void;
}) {
  const refresh = useCatalogsRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState<'global' | 'company'>(rights.company ? 'company' : 'global');
  const [errors, setErrors] = useState<{ row: number | null; message: string }[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);

  // a fresh dialog each time it opens
  useRecordChange(opened, null, () => {
    if (!opened) return;
    setRunId(null);
    setFile(null);
    setErrors([]);
    setRefusal(null);
    setTarget(rights.company ? 'company' : 'global');
  });

  const [runId, setRunId] = useState<number | null>(null);
  const job = useCatalogImportRun(runId);
  const loaded = (r: CatalogImportResult) => {
    notices.success(
      'Файл загружен',
      `Строк в файле: ${r.total}; добавлено: ${r.created}, изменено: ${r.updated}, без изменений: ${r.unchanged}`,
    );
    void refresh();
    setRunId(null);
    onClose();
  };
  // the job's end: the result, or the refusal with its errors by row
  const onStatus = useEffectEvent(() => {
    const r = job.data;
    if (!r || runId === null) return;
    if (r.status === 'done' && r.result) loaded(r.result);
    if (r.status === 'failed') {
      setRunId(null);
      setRefusal(
        r.errors.length
          ? 'Файл не загружен, ничего не изменено. Исправьте ошибки и загрузите файл снова.'
          : (r.error ?? 'Файл не загружен'),
      );
      setErrors(r.errors);
    }
  });
  const status = job.data?.status;
  useEffect(() => {
    if (status) onStatus();
  }, [status]);

  const run = useImportXlsx(d, {
    meta: { handled: true },
    onSuccess: (r) => setRunId(r.import_id),
    onError: (err) => {
      const rows = importErrorsOf(err);
      if (!rows.length) {
        if (err instanceof ApiError && err.code === 'invalid_file') {
          setErrors([]);
          setRefusal(err.message);
          return;
        }
        return reportApiError(err);
      }
      setRefusal('Файл не загружен, ничего не изменено. Исправьте ошибки и загрузите файл снова.');
      setErrors(rows);
    },
  });

  const both = d.company_entries && rights.global && rights.company;
  const companyName = company ? companyLabel(company) : '';

  return (
    <Modal opened={opened} onClose={onClose} title={`Загрузка из XLSX: ${d.title}`} size="lg">
      <Stack gap="sm">
        <Text size="sm">
          Первая строка файла — заголовки столбцов, как в выгрузке:{' '}
          {d.fields.map((f) => `«${f.title}»`).join(', ')}. Строки с кодом, который уже есть, обновляют
          запись; остальные добавляются.
        </Text>
        {both ? (
          <Radio.Group
            label="Куда загрузить"
            value={target}
            onChange={(v) => setTarget(v as 'global' | 'company')}
          >
            <Stack gap={4} mt={4}>
              <Radio
                value="company"
                label={`В записи компании «${companyName}» (строки «Общая» — в общие)`}
              />
              <Radio value="global" label="В общие записи" />
            </Stack>
          </Radio.Group>
        ) : d.company_entries ? (
          <Text size="sm" c="dimmed">
            {target === 'company'
              ? `Записи добавляются в компанию «${companyName}»`
              : 'Записи добавляются в общие'}
          </Text>
        ) : null}
        <FileInput
          label="Файл XLSX"
          withAsterisk
          placeholder="Выберите файл"
          accept={`${XLSX_MIME},.xlsx`}
          clearable
          value={file}
          onChange={(f) => {
            setFile(f);
            setErrors([]);
            setRefusal(null);
          }}
        />
        {runId !== null ? (
          <Stack gap={4}>
            <Text size="sm">Файл проверяется и загружается{job.data ? `: ${job.data.progress} %` : ''}</Text>
            <Progress value={job.data?.progress ?? 0} aria-label="Ход загрузки" animated />
          </Stack>
        ) : null}
        {refusal ? (
          <Alert color="red" title="Файл не принят" role="alert">
            <Text size="sm">{refusal}</Text>
            {errors.length ? (
              <ScrollArea.Autosize mah={240} mt="xs">
                <List size="sm" spacing={2} aria-label="Ошибки по строкам">
                  {errors.map((e, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row may have several errors
                    <List.Item key={i}>{e.message}</List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
            ) : null}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button
            disabled={!file}
            loading={run.isPending || runId !== null}
            onClick={() =>
              file && run.mutate({ file, companyId: target === 'company' && company ? company.id : null })
            }
          >
            Загрузить
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
