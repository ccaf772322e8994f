import { Drawer, ScrollArea, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { importRoutes, paymentRoutes, updRoutes } from '@zakupki/shared/api/imports';
import { useSearchParams } from 'react-router';
import { useContractsCompany } from '../use-contracts-company';
import { ImportUploader } from './import-uploader';
import { ImportsHistory } from './imports-history';
import { PaymentsSection } from './payments-section';
import { UpdList } from './upd-list';
import { UpdMapping } from './upd-mapping';

const SECTIONS = ['upd', 'payments', 'history'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * /contracts/execution: upload УПД and bank statements (with progress), the УПД waiting for
 * their mapping, the unmatched payments and the import history. `?upd=<id>` opens the mapping
 * screen of a document; `?section=payments|history` keeps the open list in the address.
 */
export function ExecutionPage() {
  const { companyId, can } = useContractsCompany();
  const [params, setParams] = useSearchParams();
  const sectionParam = params.get('section');
  const section: Section = (SECTIONS as readonly string[]).includes(sectionParam ?? '')
    ? (sectionParam as Section)
    : 'upd';
  const updId = Number(params.get('upd'));
  const set = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  if (!companyId) return null;
  const canImport = can(importRoutes.start);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ImportUploader
          companyId={companyId}
          kind="upd"
          title="УПД и УКД"
          description="XML-файлы УПД (форматы 5.01, 5.02, 5.03, в том числе исправления и УКД) или ZIP-архив с ними. Договор находится по идентификатору госконтракта, основанию (номер и дата) и ИНН сторон."
          accept=".xml,.zip,application/xml,text/xml,application/zip"
          disabled={!canImport}
        />
        <ImportUploader
          companyId={companyId}
          kind="payments"
          title="Банковская выписка"
          description="Файл обмена с 1С (1CClientBankExchange, .txt) в кодировке Windows-1251, DOS или UTF-8. Исходящие платежи сопоставляются с договорами по назначению платежа, ИНН получателя и остатку."
          accept=".txt,text/plain"
          disabled={!canImport}
        />
      </SimpleGrid>
      {!canImport ? (
        <Text size="sm" c="dimmed">
          Загружать файлы в этой компании вы не можете: недостаточно прав.
        </Text>
      ) : null}
      <Tabs value={section} onChange={(v) => set('section', v === 'upd' ? null : v)}>
        <Tabs.List>
          <Tabs.Tab value="upd">УПД к сопоставлению</Tabs.Tab>
          <Tabs.Tab value="payments">Платежи</Tabs.Tab>
          <Tabs.Tab value="history">История загрузок</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upd" pt="md">
          <UpdList companyId={companyId} onOpen={(id) => set('upd', String(id))} />
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsSection companyId={companyId} canWrite={can(paymentRoutes.assign)} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <ImportsHistory companyId={companyId} kinds={['upd', 'payments', 'eis-contracts']} />
        </Tabs.Panel>
      </Tabs>
      <Drawer
        opened={updId > 0}
        onClose={() => set('upd', null)}
        position="right"
        size="min(1180px, 96vw)"
        title={
          <Text fw={600} size="lg">
            Сопоставление строк УПД
          </Text>
        }
        scrollAreaComponent={ScrollArea.Autosize}
        closeButtonProps={{ 'aria-label': 'Закрыть сопоставление' }}
      >
        {updId > 0 ? (
          <UpdMapping key={updId} companyId={companyId} updId={updId} canWrite={can(updRoutes.mapping)} />
        ) : null}
      </Drawer>
    </Stack>
  );
}
