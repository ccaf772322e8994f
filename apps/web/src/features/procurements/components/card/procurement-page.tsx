import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type Procurement, procurementRoutes } from '@zakupki/shared/api/procurements';
import { ProcurementInput } from '@zakupki/shared/api/procurements-model';
import { useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { hasInvalidDate } from '../../../../components/form/date-field';
import { schemaValidate } from '../../../../components/form/schema-validate';
import { useRecordForm } from '../../../../components/form/use-record-form';
import { notices } from '../../../../components/notices/notices.store';
import { ObjectFlags } from '../../../../components/red-flags/object-flags';
import { formatDate } from '../../../../lib/formatters';
import { ApiError } from '../../../../lib/http-errors';
import { useProcurement, useSaveProcurement } from '../../api/procurements';
import { useRefusal } from '../../hooks/use-refusal';
import { emptyValues, type ProcurementValues, toBody, valuesFrom } from '../../model/form';
import { isEditable } from '../../model/status';
import { useProcurementsCompany } from '../use-procurements-company';
import { CardHeader } from './card-header';
import type { CardProps } from './card-props';
import { CARD_TABS, type CardTab, CardTabs } from './card-tabs';
import { RulePin } from './rule-pin';

export { CARD_TABS, type CardTab } from './card-tabs';

const EDIT_TABS: CardTab[] = ['general', 'lots', 'dates'];

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

/** The card's check: the API's schema. */
const check = schemaValidate(ProcurementInput, toBody);
const ITEM_PATH = /^lots\.\d+\.items\./;

/** The card: header with the status moves, tabs (kept in `?tab=`), one form saved whole. */
export function ProcurementCard({ companyId, procurement: p, canWrite }: CardProps) {
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
  return (
    <Stack gap="md">
      <CardHeader companyId={companyId} procurement={p} canWrite={canWrite} />
      <ObjectFlags companyId={companyId} objectType="procurement" objectId={p.id} />
      <RulePin companyId={companyId} procurement={p} canWrite={canWrite} />
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
        <CardTabs
          companyId={companyId}
          procurement={p}
          form={form}
          readOnly={ro}
          canWrite={canWrite}
          tab={tab}
          onTab={setTab}
        />
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
