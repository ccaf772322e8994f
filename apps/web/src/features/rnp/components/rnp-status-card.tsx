import { Alert, Text } from '@mantine/core';
import { useRnpStatus } from '../api/rnp';
import { statusText } from '../model/rnp-view';

/** The load state: loaded (when, which file, how many entries) or «не загружен». */
export function RnpStatusCard() {
  const status = useRnpStatus();
  if (status.isError) return <Alert color="red">Не удалось узнать состояние реестра</Alert>;
  if (!status.data) return <Text c="dimmed">Загрузка…</Text>;
  const s = status.data;
  return (
    <Alert color={s.loaded ? 'blue' : 'yellow'} title="Состояние реестра" aria-label="Состояние реестра">
      {statusText(s)}
      {s.load ? (
        <Text size="xs" c="dimmed" mt={4}>
          Источник: {s.load.source}. SHA-256: {s.load.sha256}
        </Text>
      ) : null}
    </Alert>
  );
}
