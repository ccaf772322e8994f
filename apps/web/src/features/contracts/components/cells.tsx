import { Stack, Text } from '@mantine/core';

/** A party of a document or payment: the name, the ИНН under it, optionally a caption above. */
export function PartyText({
  party,
  caption,
}: {
  party: { name: string | null; inn: string | null };
  caption?: string;
}) {
  return (
    <Stack gap={0}>
      {caption ? (
        <Text size="xs" c="dimmed">
          {caption}
        </Text>
      ) : null}
      <Text size="sm">{party.name ?? '—'}</Text>
      <Text size="xs" c="dimmed">
        ИНН {party.inn ?? '—'}
      </Text>
    </Stack>
  );
}

/** The warnings of an import or a report run, in one dimmed line. */
export function RunWarnings({ warnings }: { warnings: string[] }) {
  return warnings.length ? (
    <Text size="xs" c="dimmed">
      {warnings.join('; ')}
    </Text>
  ) : null;
}
