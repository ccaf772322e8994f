import { Center, Loader } from '@mantine/core';

export function PageLoader({ label = 'Загрузка…' }: { label?: string }) {
  return (
    <Center h="60vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
