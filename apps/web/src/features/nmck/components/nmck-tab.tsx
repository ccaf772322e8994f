import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { NMCK_METHOD_TITLES } from '@zakupki/shared/api/nmck';
import { useState } from 'react';
import { formatMoney } from '../../../lib/formatters';
import { useApplyNmck, useGenerateNmck, useNmck, useNmckDownload } from '../api/nmck';
import { NmckItemCard } from './nmck-item-card';
import { SourceDialog } from './source-dialog';

const DOC_STATE = { none: 'не сформировано', generated: 'сформировано', outdated: 'устарело' } as const;

/**
 * «Обоснование НМЦД» on the procurement card: each item's prices with their statistics and
 * coefficient of variation, applying the result to the procurement, and the document.
 */
export function NmckTab({
  companyId,
  procurementId,
  number,
  canWrite,
}: {
  companyId: number;
  procurementId: number;
  number: string;
  canWrite: boolean;
}) {
  const q = useNmck(companyId, procurementId);
  const apply = useApplyNmck(companyId, procurementId);
  const generate = useGenerateNmck(companyId, procurementId);
  const download = useNmckDownload(companyId, procurementId, number);
  const [adding, setAdding] = useState<{ lot: number; line: number } | null>(null);
  const j = q.data;
  if (!j) return <Text size="sm">Загрузка обоснования…</Text>;
  const s = j.settings;
  const adding_item = adding
    ? j.items.find((i) => i.lot_number === adding.lot && i.line_no === adding.line)
    : null;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Метод: {NMCK_METHOD_TITLES[j.method]}. Не менее {s.min_prices} цен, коэффициент вариации не более{' '}
        {s.max_variation} %, цена за единицу — {s.unit_price === 'mean' ? 'средняя' : 'минимальная'},{' '}
        {s.vat_basis === 'with_vat' ? 'с НДС' : 'без НДС'}; цена старше {s.max_age_months} мес. отмечается.
      </Text>
      {j.items.length === 0 ? (
        <Alert color="yellow">В закупке нет позиций: добавьте их на вкладке «Лоты и позиции».</Alert>
      ) : null}
      {j.items.map((it) => (
        <NmckItemCard
          key={`${it.lot_number}-${it.line_no}`}
          companyId={companyId}
          procurementId={procurementId}
          item={it}
          canWrite={canWrite}
          onAdd={() => setAdding({ lot: it.lot_number, line: it.line_no })}
        />
      ))}
      <Group justify="space-between" align="center">
        <Stack gap={2}>
          <Text size="sm" data-testid="nmck-current">
            НМЦД закупки: <b>{formatMoney(j.nmcd)}</b>
          </Text>
          <Text size="sm" data-testid="nmck-result">
            По обоснованию: <b>{j.result_nmcd ? formatMoney(j.result_nmcd) : 'не определена'}</b>
          </Text>
        </Stack>
        {canWrite ? (
          <Button
            disabled={!j.result_nmcd}
            loading={apply.isPending}
            onClick={() => apply.mutate({ method: j.method })}
          >
            Применить обоснование
          </Button>
        ) : null}
      </Group>
      <Group gap="xs">
        <Text size="sm">Документ «Обоснование НМЦД»:</Text>
        <Badge
          color={
            j.document.state === 'generated' ? 'green' : j.document.state === 'outdated' ? 'orange' : 'gray'
          }
        >
          {DOC_STATE[j.document.state]}
        </Badge>
        {canWrite ? (
          <Button size="xs" variant="light" loading={generate.isPending} onClick={() => generate.mutate()}>
            Сформировать
          </Button>
        ) : null}
        {j.document.state !== 'none' ? (
          <>
            <Button size="xs" variant="subtle" onClick={() => download.mutate('docx')}>
              Скачать DOCX
            </Button>
            <Button size="xs" variant="subtle" onClick={() => download.mutate('pdf')}>
              Скачать PDF
            </Button>
          </>
        ) : null}
      </Group>
      {adding_item ? (
        <SourceDialog
          companyId={companyId}
          procurementId={procurementId}
          item={adding_item}
          onClose={() => setAdding(null)}
        />
      ) : null}
    </Stack>
  );
}
