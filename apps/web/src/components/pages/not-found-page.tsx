import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Stack p="md" gap="sm">
      <Title order={2}>Страница не найдена</Title>
      <Text>Адрес введён с ошибкой или страница была удалена.</Text>
      <Anchor component={Link} to="/">
        Перейти на главную страницу
      </Anchor>
    </Stack>
  );
}
