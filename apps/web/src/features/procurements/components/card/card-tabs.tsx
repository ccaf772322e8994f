import { Badge, Group, Tabs } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Procurement } from '@zakupki/shared/api/procurements';
import { ProcurementResultsTab } from '../../../../app/procurement-card-tabs';
import { ProcurementNmckTab } from '../../../../app/procurement-nmck-tab';
import { DATE_FIELDS, type ProcurementValues } from '../../model/form';
import { ContractsTab } from './contracts-tab';
import { DatesTab } from './dates-tab';
import { DocumentationTab } from './documentation-tab';
import { GeneralTab } from './general-tab';
import { HistoryTab } from './history-tab';
import { LotsTab } from './lots-tab';

export const CARD_TABS = [
  'general',
  'lots',
  'dates',
  'documentation',
  'nmck',
  'results',
  'history',
  'contracts',
] as const;
export type CardTab = (typeof CARD_TABS)[number];

const DATE_NAMES = new Set<string>(DATE_FIELDS.map(([n]) => n));
/** The tab a form field lives on (a server issue marks its tab). */
const tabOf = (path: string): CardTab =>
  path.startsWith('lots') ? 'lots' : DATE_NAMES.has(path.split('.')[0]) ? 'dates' : 'general';

/** The card's tabs (the one shown is kept in `?tab=`); a tab with a field in error is marked. */
export function CardTabs({
  companyId,
  procurement: p,
  form,
  readOnly: ro,
  canWrite,
  tab,
  onTab: setTab,
}: {
  companyId: number;
  procurement: Procurement;
  form: UseFormReturnType<ProcurementValues>;
  readOnly: boolean;
  canWrite: boolean;
  tab: CardTab;
  onTab: (t: CardTab) => void;
}) {
  const errorTabs = new Set(
    Object.keys(form.errors)
      .filter((k) => form.errors[k])
      .map(tabOf),
  );
  const tabLabel = (t: CardTab, text: string) => (
    <Group gap={4} wrap="nowrap">
      {text}
      {errorTabs.has(t) ? (
        <Badge size="xs" color="red" circle role="img" aria-label="есть ошибки">
          !
        </Badge>
      ) : null}
    </Group>
  );
  const itemsCount = p.lots.reduce((a, l) => a + l.items.length, 0);
  return (
    <Tabs value={tab} onChange={(v) => v && setTab(v as CardTab)} keepMounted>
      <Tabs.List>
        <Tabs.Tab value="general">{tabLabel('general', 'Общие сведения')}</Tabs.Tab>
        <Tabs.Tab value="lots">
          {tabLabel('lots', `Лоты и позиции (${p.lots.length} / ${itemsCount})`)}
        </Tabs.Tab>
        <Tabs.Tab value="dates">{tabLabel('dates', 'Сроки и протоколы')}</Tabs.Tab>
        <Tabs.Tab value="documentation">Документация</Tabs.Tab>
        <Tabs.Tab value="nmck">Обоснование НМЦД</Tabs.Tab>
        <Tabs.Tab value="results">Заявки и итоги</Tabs.Tab>
        <Tabs.Tab value="history">История</Tabs.Tab>
        <Tabs.Tab value="contracts">Договоры ({p.contracts.length})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="general" pt="md">
        <GeneralTab companyId={companyId} procurement={p} form={form} readOnly={ro} />
      </Tabs.Panel>
      <Tabs.Panel value="lots" pt="md">
        <LotsTab companyId={companyId} procurement={p} form={form} readOnly={ro} />
      </Tabs.Panel>
      <Tabs.Panel value="dates" pt="md">
        <DatesTab companyId={companyId} procurement={p} form={form} readOnly={ro} canWrite={canWrite} />
      </Tabs.Panel>
      <Tabs.Panel value="documentation" pt="md">
        <DocumentationTab procurement={p} />
      </Tabs.Panel>
      <Tabs.Panel value="nmck" pt="md">
        {tab === 'nmck' ? (
          <ProcurementNmckTab
            companyId={companyId}
            procurementId={p.id}
            number={p.number}
            canWrite={canWrite}
          />
        ) : null}
      </Tabs.Panel>
      <Tabs.Panel value="results" pt="md">
        {tab === 'results' ? (
          <ProcurementResultsTab companyId={companyId} procurement={p} canWrite={canWrite} />
        ) : null}
      </Tabs.Panel>
      <Tabs.Panel value="history" pt="md">
        {tab === 'history' ? <HistoryTab companyId={companyId} procurementId={p.id} /> : null}
      </Tabs.Panel>
      <Tabs.Panel value="contracts" pt="md">
        <ContractsTab procurement={p} />
      </Tabs.Panel>
    </Tabs>
  );
}
