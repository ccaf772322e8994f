import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Procurement } from '@zakupki/shared/api/procurements';
import { useState } from 'react';
import { AppSelect } from '../../../../components/form/app-select';
import { notices } from '../../../../components/notices/notices.store';
import { reportApiError } from '../../../../lib/error-handler';
import { formatDate } from '../../../../lib/formatters';
import { ApiError } from '../../../../lib/http-errors';
import { usePinOptions, usePinProcurement } from '../../api/procurements';
import type { CardProps } from './card-props';

/** What a refused pin says, in the dialog: the server's message (a 4xx), or null for the usual notice. */
const pinRefusal = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401
    ? (err.issues[0]?.message ?? err.message)
    : null;

function PinDialog({
  companyId,
  procurement: p,
  onClose,
}: {
  companyId: number;
  procurement: Procurement;
  onClose: () => void;
}) {
  const options = usePinOptions(companyId, p.id);
  const [value, setValue] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const pin = usePinProcurement(companyId, p.id, {
    meta: { handled: true },
    onSuccess: (x) => {
      notices.success(
        'Закупка привязана',
        `Закупка № ${x.number}: ${x.rule_title}, редакция ${x.rule_version_number}`,
      );
      onClose();
    },
    onError: (err) => {
      const r = pinRefusal(err);
      if (r) setRefusal(r);
      else reportApiError(err);
    },
  });
  const items = options.data?.items ?? [];
  const data = items.map((o) => ({
    value: String(o.rule_version_id),
    label: `${o.rule_title}, редакция ${o.number} (с ${o.effective_from ? formatDate(o.effective_from) : '—'}${o.effective_to ? ` по ${formatDate(o.effective_to)}` : ''})`,
  }));
  return (
    <Modal opened onClose={onClose} title="Привязать закупку к Положению" size="lg">
      <Stack gap="sm">
        {options.isPending ? (
          <Loader size="sm" aria-label="Загрузка редакций" />
        ) : options.isError ? (
          <Alert color="red">Редакции Положения загрузить не удалось.</Alert>
        ) : items.length === 0 ? (
          <Alert color="yellow">
            Нет редакции Положения о закупке, действовавшей на {formatDate(options.data.day)}: заведите и
            опубликуйте её в разделе «Положения о закупке», затем привяжите закупку.
          </Alert>
        ) : (
          <AppSelect
            label={`Редакция, действовавшая на ${formatDate(options.data.day)}`}
            required
            data={data}
            value={value}
            onChange={(v) => {
              setValue(v);
              setRefusal(null);
            }}
          />
        )}
        {refusal ? <Alert color="red">{refusal}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button
            disabled={!value}
            loading={pin.isPending}
            onClick={() => value && pin.mutate({ rule_version_id: Number(value) })}
          >
            Привязать
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The marker of a procurement imported from the EIS with no Положение in force on its day, with
 * the button that pins it to a version (POST …/pin). Nothing for a pinned procurement.
 */
export function RulePin({ companyId, procurement: p, canWrite }: CardProps) {
  const [open, setOpen] = useState(false);
  if (p.rule_version_id !== null) return null;
  return (
    <Alert color="yellow" title="Не привязана к Положению">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Закупка загружена из ЕИС, когда у заказчика не было Положения о закупке, действовавшего в день
          извещения. Пока она не привязана к редакции Положения, её нельзя изменить, перевести в следующий
          статус или сформировать документацию.
        </Text>
        {canWrite ? (
          <Button size="xs" onClick={() => setOpen(true)}>
            Привязать к Положению
          </Button>
        ) : null}
      </Stack>
      {open ? <PinDialog companyId={companyId} procurement={p} onClose={() => setOpen(false)} /> : null}
    </Alert>
  );
}
