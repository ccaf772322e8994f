import { Alert, Stack, Title } from '@mantine/core';

/** What a route shows until its module is built: plainly that the section is being prepared. */
export function UnderConstruction({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Stack gap="md" p="md">
      <Title order={2}>{title}</Title>
      <Alert color="blue" title="Раздел в разработке">
        Раздел «{title}» готовится и появится в одном из ближайших обновлений системы.
        {children}
      </Alert>
    </Stack>
  );
}
