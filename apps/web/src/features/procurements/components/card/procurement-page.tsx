import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type Procurement, procurementRoutes } from '@zakupki/shared/api/procurements';
import { ProcurementInput } from '@zakupki/shared/api/procurements-model';
import { useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { hasInvalidDate } from '../../../../components/form/date-field';
import { schemaValidate } from '../../../../components/form/schema-validate';
import { useRecordForm } from '../../../../components/form/use-record-form';
import { notices } from '../../../../components/notices/notices.store';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { ApiError } from '../../../../lib/http-errors';
import { useProcurement, useRemoveProcurement, useSaveProcurement } from '../../api/procurements';
import { useRefusal } from '../../hooks/use-refusal';
import { DATE_FIELDS, emptyValues, type ProcurementValues, toBody, valuesFrom } from '../../model/form';
import { isEditable } from '../../model/status';
import { DeadlineBadge, StatusBadge } from '../badges';
import { useProcurementsCompany } from '../use-procurements-company';
import { ContractsTab } from './contracts-tab';
import { DatesTab } from './dates-tab';
import { DocumentationTab } from './documentation-tab';
import { GeneralTab } from './general-tab';
import { HistoryTab } from './history-tab';
import { LotsTab } from './lots-tab';
import { StatusActions } from './status-actions';

export const CARD_TABS = ['general', 'lots', 'dates', 'documentation', 'history', 'contracts'] as const;
export type CardTab = (typeof CARD_TABS)[number];
const EDIT_TABS: CardTab[] = ['general', 'lots', 'dates'];

const DATE_NAMES = new Set<string>(DATE_FIELDS.map(([n]) => n));
/** The tab a form field lives on (a server issue marks its tab). */
const tabOf = (path: string): CardTab =>
  path.startsWith('lots') ? 'lots' : DATE_NAMES.has(path.split('.')[0]) ? 'dates' : 'general';

/** /documents/:id — the procurement card. */
export function ProcurementRoute() {
  const { id = '' } = useParams();
  const { companyId, can, permissionsLoaded } = useProcurementsCompany();
  const n = Number(id);
  const q = useProcurement(companyId ?? 0, n, { enabled: !!companyId && n > 0, meta: { handled: true } });
  const back = (
    <Anchor component={Link} to="/documents" size="sm">
      ← Реестр закупок
    </Anchor>
  );
  if (!companyId) return <Alert color="gray">Выберите компанию в шапке.</Alert>;
  if (!(n > 0) || q.isError)
    return (
      <Stack>
        {back}
        <Alert color="red">
          {!(n > 0) || (q.error instanceof ApiError && q.error.status === 404)
            ? 'Закупка не найдена или недоступна в выбранной компании.'
            : 'Карточку закупки загрузить не удалось.'}
        </Alert>
      </Stack>
    );
  if (q.isPending || !permissionsLoaded) return <Loader aria-label="Загрузка закупки" />;
  return (
    <Stack gap="md">
      {back}
      <ProcurementCard companyId={companyId} procurement={q.data} canWrite={can(procurementRoutes.update)} />
    </Stack>
  );
}

function CardHeader({
  companyId,
  procurement: p,
  canWrite,
}: {
  companyId: number;
  procurement: Procurement;
  canWrite: boolean;
}) {
  const navigate = useNavigate();
  const remove = useRemoveProcurement(companyId, {
    onSuccess: () => {
      notices.success('Закупка удалена', `Черновик закупки № ${p.number} удалён`);
      navigate('/documents');
    },
  });
  return (
    <Stack gap={6}>
      <Title order={2}>Закупка № {p.number}</Title>
      <Group gap="sm">
        <StatusBadge status={p.status} />
        {p.sme_only ? <Badge variant="outline">Только для МСП</Badge> : null}
        {p.source === 'eis' ? <Badge variant="outline">из ЕИС</Badge> : null}
        {p.source === 'plan' ? <Badge variant="outline">по позиции плана</Badge> : null}
        {p.deadline ? <DeadlineBadge deadline={p.deadline} /> : null}
      </Group>
      <Text size="sm">{p.subject}</Text>
      <Text size="sm" c="dimmed">
        {p.customer_title} · {p.method_title} · НМЦД{' '}
        {formatMoney(p.nmcd, p.currency_code === 'RUB' ? '₽' : p.currency_code)}
        {p.eis_notice_number ? ` · извещение № ${p.eis_notice_number}` : ''}
        {p.eis_url ? (
          <>
            {' · '}
            <Anchor href={p.eis_url} target="_blank" rel="noreferrer" size="sm">
              в ЕИС
            </Anchor>
          </>
        ) : null}
      </Text>
      {canWrite ? (
        <Group gap="xs">
          <StatusActions companyId={companyId} procurement={p} />
          {p.can_delete ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                modals.openConfirmModal({
                  title: 'Удалить черновик закупки?',
                  children: (
                    <Text size="sm">Закупка № {p.number} будет удалена без возможности восстановления.</Text>
                  ),
                  labels: { confirm: 'Удалить', cancel: 'Отмена' },
                  confirmProps: { color: 'red' },
                  onConfirm: () => remove.mutate(p.id),
                })
              }
            >
              Удалить
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

/** The card's check: the API's schema. */
const check = schemaValidate(ProcurementInput, toBody);
const ITEM_PATH = /^lots\.\d+\.items\./;

/** The card: header with the status moves, tabs (kept in `?tab=`), one form saved whole. */
export function ProcurementCard({
  companyId,
  procurement: p,
  canWrite,
}: {
  companyId: number;
  procurement: Procurement;
  canWrite: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') as CardTab | null;
  const tab: CardTab = tabParam && CARD_TABS.includes(tabParam) ? tabParam : 'general';
  const setTab = (t: CardTab) => {
    const next = new URLSearchParams(params);
    if (t === 'general') next.delete('tab');
    else next.set('tab', t);
    setParams(next, { replace: true });
  };
  const { form, saved } = useRecordForm<Procurement, ProcurementValues>({
    record: p,
    id: (x) => x.id,
    version: (x) => x.revision,
    toValues: valuesFrom,
    empty: emptyValues(),
  });
  const { refusal, setRefusal, onError } = useRefusal(form);
  const save = useSaveProcurement(companyId, {
    meta: { handled: true },
    onSuccess: (x) => {
      saved();
      notices.success('Сохранено', `Изменения закупки № ${x.number} сохранены`);
    },
    onError,
  });
  const ro = !canWrite || !isEditable(p.status);
  const box = useRef<HTMLDivElement>(null);
  const submit = () => {
    // a date typed wrong is refused, never sent as the previous value or as empty
    if (box.current && hasInvalidDate(box.current)) return;
    setRefusal(null);
    // what the user changed is checked here; what the card held before (an EIS import) and the item
    // rows (priced as the server prices them, lots-tab) the server judges, its issues land on them
    const errors = Object.entries(check(form.getValues())).filter(
      ([path]) => form.isDirty(path) && !ITEM_PATH.test(path),
    );
    form.setErrors(Object.fromEntries(errors));
    if (errors.length) return;
    save.mutate({ id: p.id, body: toBody(form.getValues()) });
  };
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
    <Stack gap="md">
      <CardHeader companyId={companyId} procurement={p} canWrite={canWrite} />
      {!canWrite ? (
        <Alert color="gray">Изменять закупки этой компании вы не можете: недостаточно прав.</Alert>
      ) : !isEditable(p.status) ? (
        <Alert color="gray">Закупка в этом статусе не редактируется.</Alert>
      ) : null}
      {p.warnings.length ? (
        <Alert color="yellow" title="Обратите внимание">
          {p.warnings.map((w) => (
            <Text key={w.rule} size="sm">
              {w.message}
            </Text>
          ))}
        </Alert>
      ) : null}
      {/* not a <form>: the protocol dialog's form lives inside (a portal still bubbles its submit here) */}
      <div ref={box}>
        <Tabs value={tab} onChange={(v) => v && setTab(v as CardTab)} keepMounted>
          <Tabs.List>
            <Tabs.Tab value="general">{tabLabel('general', 'Общие сведения')}</Tabs.Tab>
            <Tabs.Tab value="lots">
              {tabLabel('lots', `Лоты и позиции (${p.lots.length} / ${itemsCount})`)}
            </Tabs.Tab>
            <Tabs.Tab value="dates">{tabLabel('dates', 'Сроки и протоколы')}</Tabs.Tab>
            <Tabs.Tab value="documentation">Документация</Tabs.Tab>
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
          <Tabs.Panel value="history" pt="md">
            {tab === 'history' ? <HistoryTab companyId={companyId} procurementId={p.id} /> : null}
          </Tabs.Panel>
          <Tabs.Panel value="contracts" pt="md">
            <ContractsTab procurement={p} />
          </Tabs.Panel>
        </Tabs>
        {refusal ? (
          <Alert color="red" title="Закупка не сохранена" mt="md">
            {refusal}
          </Alert>
        ) : null}
        {!ro && EDIT_TABS.includes(tab) ? (
          <Group mt="md">
            <Button onClick={submit} loading={save.isPending} disabled={!form.isDirty()}>
              Сохранить
            </Button>
            <Button
              variant="default"
              disabled={!form.isDirty()}
              onClick={() => {
                form.setValues(valuesFrom(p));
                form.clearErrors();
                setRefusal(null);
              }}
            >
              Отменить изменения
            </Button>
          </Group>
        ) : null}
      </div>
      <Text size="xs" c="dimmed">
        Закупка № {p.number}, создана {formatDate(p.created_at)}, версия {p.revision}
      </Text>
    </Stack>
  );
}
