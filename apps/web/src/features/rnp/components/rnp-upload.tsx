import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FileDrop } from '../../../components/form/file-drop';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { notices } from '../../../components/notices/notices.store';
import { type RnpUpload as Upload, useLoadRnp } from '../api/rnp';
import { entriesWord } from '../model/rnp-view';

const LAWS = [
  { value: '', label: 'Указан в файле' },
  { value: '44-fz', label: '44-ФЗ' },
  { value: '223-fz', label: '223-ФЗ' },
];

/**
 * The admin's upload of a newer register file (EIS XML, a ZIP of them, or CSV): the whole register
 * is replaced, or nothing when the file is refused (the refusal names the row and column).
 */
export function RnpUpload() {
  const [law, setLaw] = useState<Upload['law']>('');
  const { refusal, refuse, clear } = useRefusal();
  const load = useLoadRnp({ meta: { handled: true } });
  const send = async (file: File) => {
    clear();
    try {
      const r = await load.mutateAsync({ file, law });
      if (r.loaded) notices.success('Реестр загружен', `${r.rows} ${entriesWord(r.rows)} из «${file.name}»`);
      else notices.success('Реестр не изменился', `Файл «${file.name}» уже загружен`);
    } catch (err) {
      refuse(err);
    }
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={5}>Загрузка реестра</Title>
        <Select
          label="Закон (для файла, в котором он не указан)"
          w={320}
          allowDeselect={false}
          data={LAWS}
          value={law}
          onChange={(v) => setLaw((v ?? '') as Upload['law'])}
        />
        <FileDrop
          aria-label="Файл реестра недобросовестных поставщиков"
          accept={['.xml', '.zip', '.csv', 'text/csv', 'application/xml', 'application/zip']}
          loading={load.isPending}
          onDrop={([file]) => void send(file)}
        >
          <Text size="sm">
            Перетащите сюда или выберите файл реестра: выгрузку ЕИС (XML или ZIP) или CSV открытых данных.
            Загруженный файл заменяет весь реестр.
          </Text>
        </FileDrop>
        <RefusalAlert message={refusal} title="Файл не загружен" />
      </Stack>
    </Paper>
  );
}
