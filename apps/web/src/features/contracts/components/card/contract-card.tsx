import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { notices } from '../../../../components/notices/notices.store';
import { ObjectFlags } from '../../../../components/red-flags/object-flags';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { ApiError } from '../../../../lib/http-errors';
import { useArchiveContract, useContract } from '../../api/contracts';
import { DeadlineBadge, StatusBadge } from '../badges';
import type { ContractPaneProps } from './contract-pane';
import { DocumentsTab } from './documents-tab';
import { ExecutionTab } from './execution-tab';
import { GeneralForm } from './general-form';
import { HistoryTab } from './history-tab';
import { SpecTab } from './spec-tab';
import { StatusActions } from './status-actions';

export const CARD_TABS = ['general', 'spec', 'execution', 'documents', 'history'] as const;
export type CardTab = (typeof CARD_TABS)[number];

function CardHeader({ companyId, contract, canWrite }: ContractPaneProps) {
  const archive = useArchiveContract(companyId, contract.id, {
    onSuccess: (c) => {
      notices.success('Готово', c.archived ? 'Договор перенесён в архив' : 'Договор возвращён в реестр');
    },
  });
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <StatusBadge status={contract.status} />
        {contract.archived ? <Badge color="gray">В архиве</Badge> : null}
        <Badge variant="outline">{contract.law}-ФЗ</Badge>
        {contract.source === 'eis' ? <Badge variant="outline">из ЕИС</Badge> : null}
        {contract.deadline ? <DeadlineBadge deadline={contract.deadline} /> : null}
      </Group>
      <Text size="sm">{contract.subject}</Text>
      <Text size="sm" c="dimmed">
        {contract.supplier_name}, ИНН {contract.supplier_inn} · {formatMoney(contract.price)}
        {contract.eis_registry_number ? ` · реестровый № ${contract.eis_registry_number}` : ''}
      </Text>
      {contract.procurement_id !== null ? (
        <Anchor size="sm" component={Link} to={`/documents/${contract.procurement_id}?tab=results`}>
          Закупка {contract.procurement_number ?? `№ ${contract.procurement_id}`}
        </Anchor>
      ) : null}
      {canWrite ? (
        <Group gap="xs">
          <StatusActions companyId={companyId} contract={contract} />
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            loading={archive.isPending}
            onClick={() => archive.mutate(!contract.archived)}
          >
            {contract.archived ? 'Вернуть из архива' : 'В архив'}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The card of one contract with its tabs; the tab is kept in the address too (`&tab=spec`). */
export function ContractCard({
  companyId,
  id,
  canWrite,
  tab,
  onTab,
}: {
  companyId: number;
  id: number;
  canWrite: boolean;
  tab: CardTab;
  onTab: (t: CardTab) => void;
}) {
  const q = useContract(companyId, id, { meta: { handled: true } });
  if (q.isPending) return <Loader aria-label="Загрузка договора" />;
  if (q.isError || !q.data) {
    return (
      <Alert color="red">
        {q.error instanceof ApiError && q.error.status === 404
          ? 'Договор не найден или недоступен в выбранной компании.'
          : 'Карточку договора загрузить не удалось.'}
      </Alert>
    );
  }
  const c = q.data;
  return (
    <Stack gap="md">
      <CardHeader companyId={companyId} contract={c} canWrite={canWrite} />
      <ObjectFlags companyId={companyId} objectType="contract" objectId={c.id} />
      <Tabs value={tab} onChange={(v) => v && onTab(v as CardTab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="general">Общие сведения</Tabs.Tab>
          <Tabs.Tab value="spec">Спецификация ({c.items.length})</Tabs.Tab>
          <Tabs.Tab value="execution">Исполнение</Tabs.Tab>
          <Tabs.Tab value="documents">Документы</Tabs.Tab>
          <Tabs.Tab value="history">История</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          <GeneralForm companyId={companyId} contract={c} canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="spec" pt="md">
          <SpecTab companyId={companyId} contract={c} canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="execution" pt="md">
          <ExecutionTab companyId={companyId} contract={c} canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <DocumentsTab companyId={companyId} contract={c} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <HistoryTab companyId={companyId} contractId={c.id} />
        </Tabs.Panel>
      </Tabs>
      <Text size="xs" c="dimmed">
        Договор № {c.number} от {formatDate(c.contract_date)}, версия {c.revision}
      </Text>
    </Stack>
  );
}
