import { Drawer, ScrollArea, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../../lib/formatters';
import { useContract } from '../../api/contracts';
import { CARD_TABS, type CardTab, ContractCard } from './contract-card';
import { GeneralForm } from './general-form';

/**
 * The contract card over the register (a drawer, so the filtered list stays behind it). The
 * address keeps it: `/contracts/register?contract=12&tab=execution` opens the same card.
 */
export function ContractDrawer({
  companyId,
  target,
  canWrite,
  onOpen,
}: {
  companyId: number;
  target: number | 'new' | null;
  canWrite: boolean;
  onOpen: (id: number | 'new' | null) => void;
}) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: CardTab = (CARD_TABS as readonly string[]).includes(tabParam ?? '')
    ? (tabParam as CardTab)
    : 'general';
  const id = typeof target === 'number' ? target : 0;
  const card = useContract(companyId, id, { enabled: id > 0, meta: { silent: true } });
  const title =
    target === 'new'
      ? 'Новый договор'
      : card.data
        ? `Договор № ${card.data.number} от ${formatDate(card.data.contract_date)}`
        : 'Договор';
  return (
    <Drawer
      opened={target !== null}
      onClose={() => {
        const next = new URLSearchParams(params);
        next.delete('tab');
        next.delete('contract');
        setParams(next);
      }}
      position="right"
      size="min(1180px, 96vw)"
      title={
        <Text fw={600} size="lg">
          {title}
        </Text>
      }
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Закрыть карточку договора' }}
    >
      {target === 'new' ? (
        <GeneralForm
          companyId={companyId}
          contract={null}
          canWrite={canWrite}
          onCreated={(c) => onOpen(c.id)}
        />
      ) : id > 0 ? (
        <ContractCard
          key={id}
          companyId={companyId}
          id={id}
          canWrite={canWrite}
          tab={tab}
          onTab={(t) => {
            const next = new URLSearchParams(params);
            if (t === 'general') next.delete('tab');
            else next.set('tab', t);
            setParams(next, { replace: true });
          }}
        />
      ) : null}
    </Drawer>
  );
}
