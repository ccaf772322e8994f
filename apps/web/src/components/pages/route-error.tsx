import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';

/** A screen failed to load or crashed: say so in Russian and offer a way out. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <Stack p="md" gap="md" maw={640}>
      <Title order={2}>Не удалось открыть страницу</Title>
      <Alert color="red" title="Произошла ошибка">
        {chunkFailed
          ? 'Система была обновлена или связь прервалась. Обновите страницу.'
          : 'При отображении страницы произошла ошибка. Обновите страницу; если ошибка повторится, обратитесь к оператору.'}
      </Alert>
      <Group>
        <Button onClick={() => window.location.reload()}>Обновить страницу</Button>
        <Anchor component={Link} to="/">
          На главную
        </Anchor>
      </Group>
    </Stack>
  );
}
