import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the guest screens (login, registration, request status): no header or footer. */
export function AuthShell({
  title,
  children,
  width = 440,
}: {
  title: string;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Box component="main" bg="gray.0" mih="100vh" py="xl">
      <Center>
        <Stack gap="md" w={width} maw="calc(100vw - 32px)">
          <Text ta="center" fw={700} c="blue.8" size="lg">
            Система автоматизации закупок
          </Text>
          <Paper withBorder shadow="sm" p="lg" radius="md">
            <Stack gap="md">
              <Title order={1} size="h3">
                {title}
              </Title>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
