import { Stack, Title } from '@mantine/core';
import { useSession } from '../../../lib/session-store';
import { RnpLookup } from './rnp-lookup';
import { RnpStatusCard } from './rnp-status-card';
import { RnpUpload } from './rnp-upload';

/**
 * /rnp (staff): the register of unfair suppliers kept as reference data (docs/rnp.md) — whether
 * and when it was loaded, the upload of a newer open-data file (the admin), and a lookup by ИНН.
 */
export function RnpPage() {
  const session = useSession();
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  return (
    <Stack gap="md">
      <Title order={3}>Реестр недобросовестных поставщиков</Title>
      <RnpStatusCard />
      {isAdmin ? <RnpUpload /> : null}
      <RnpLookup />
    </Stack>
  );
}
