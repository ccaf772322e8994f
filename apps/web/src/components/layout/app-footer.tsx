import { Anchor, Group, Text } from '@mantine/core';
import { usePublicConfig } from '../../lib/public-config';

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Footer (58 px): support phones, e-mail and partner links from GET /api/config/public. */
export function AppFooter() {
  const { data } = usePublicConfig();
  if (!data) return null;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="md" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Поддержка:
        </Text>
        {data.support_phones.map((p) => (
          <Anchor key={p} href={tel(p)} size="sm">
            {p}
          </Anchor>
        ))}
        <Anchor href={`mailto:${data.support_email}`} size="sm">
          {data.support_email}
        </Anchor>
      </Group>
      <Group gap="md" wrap="nowrap" component="nav" aria-label="Партнёры">
        {data.partner_links.map((l) => (
          <Anchor key={l.url} href={l.url} target="_blank" rel="noopener noreferrer" size="sm">
            {l.title}
          </Anchor>
        ))}
      </Group>
    </Group>
  );
}
