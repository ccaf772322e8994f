import { Anchor, Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A dashboard panel: its title, the link to the register rows behind it, the chart and its table. */
export function PanelCard({
  title,
  link,
  linkLabel,
  children,
}: {
  title: string;
  link?: string;
  linkLabel?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title} className="analytics-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} size="h4">
            {title}
          </Title>
          {link ? (
            <Anchor component={Link} to={link} size="sm" className="analytics-no-print">
              {linkLabel ?? 'Открыть в реестре'}
            </Anchor>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** A chart drawn for the eye; the table beside it carries the same figures for everyone. */
export function ChartBox({ children }: { children: ReactNode }) {
  return <div aria-hidden="true">{children}</div>;
}
