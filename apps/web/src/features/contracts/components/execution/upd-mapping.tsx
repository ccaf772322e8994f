import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UpdDocumentDetail } from '@zakupki/shared/api/imports';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ViewBadge } from '../../../../components/badges/view-badge';
import { notices } from '../../../../components/notices/notices.store';
import { reportApiError } from '../../../../lib/error-handler';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { ApiError, fieldErrors } from '../../../../lib/http-errors';
import { useConfirmUpdMapping, useUpd } from '../../api/execution';
import { UPD_STATUS_VIEW, updState, updTitle } from '../../model/labels';
import { changedLines, initialChoice, type MappingChoice, mappingPayload } from '../../model/mapping';
import { AcceptanceTable } from '../card/acceptance-table';
import { PartyText } from '../cells';
import { ContractChooser } from './contract-chooser';
import { UpdLinesTable } from './upd-lines-table';

const docTitle = (d: Pick<UpdDocumentDetail, 'kind' | 'number' | 'date' | 'correction_number'>) =>
  `${updTitle(d)}${d.correction_number ? `, исправление № ${d.correction_number}` : ''}`;

/**
 * The mapping screen of one УПД/УКД: each line with the proposed specification item and the
 * confidence, a select to correct it (or «не относится к договору»), then the confirmation that
 * counts the document into the contract's execution.
 */
export function UpdMapping({
  companyId,
  updId,
  canWrite,
}: {
  companyId: number;
  updId: number;
  canWrite: boolean;
}) {
  const q = useUpd(companyId, updId, { meta: { handled: true } });
  const [choice, setChoice] = useState<MappingChoice>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [chooseOther, setChooseOther] = useState(false);
  const doc = q.data;
  // a new answer from the server resets the choice
  useEffect(() => {
    if (doc) setChoice(initialChoice(doc.lines));
  }, [doc]);
  const confirm = useConfirmUpdMapping(companyId, {
    meta: { handled: true },
    onSuccess: (d) => {
      setProblem(null);
      notices.success(
        'Сопоставление подтверждено',
        `${docTitle(d)} учтён в исполнении договора № ${d.contract?.number ?? ''}`,
      );
    },
    onError: (err) => {
      if (err instanceof ApiError && err.issues.length)
        setProblem(Object.values(fieldErrors(err.issues)).join(', '));
      else if (err instanceof ApiError && err.status === 409) setProblem(err.message);
      else reportApiError(err);
    },
  });
  if (q.isPending) return <Text size="sm">Загрузка документа…</Text>;
  if (!doc) {
    return (
      <Alert color="red">
        {q.error instanceof ApiError && q.error.status === 404
          ? 'Документ не найден или недоступен в выбранной компании.'
          : 'Документ загрузить не удалось.'}
      </Alert>
    );
  }
  const editable = canWrite && doc.status !== 'superseded';
  const changed = changedLines(doc.lines, choice);
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={4}>{docTitle(doc)}</Title>
        <ViewBadge view={UPD_STATUS_VIEW} state={updState(doc)} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <PartyText caption="Продавец" party={doc.seller} />
        <PartyText caption="Покупатель" party={doc.buyer} />
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Сумма
          </Text>
          <Text size="sm">{doc.total_with_vat ? formatMoney(doc.total_with_vat) : '—'} с НДС</Text>
          <Text size="xs" c="dimmed">
            без НДС {doc.total_without_vat ? formatMoney(doc.total_without_vat) : '—'}
          </Text>
        </Stack>
      </SimpleGrid>
      {doc.bases.length ? (
        <Text size="sm">
          Основание:{' '}
          {doc.bases
            .map(
              (b) =>
                `${b.name}${b.number ? ` № ${b.number}` : ''}${b.date ? ` от ${formatDate(b.date)}` : ''}`,
            )
            .join('; ')}
        </Text>
      ) : null}
      {doc.advance ? (
        <Alert color="gray" title="Счёт-фактура на аванс">
          Документ оформлен на предоплату, а не на поставку: в исполнении договора как приёмка не учитывается.
        </Alert>
      ) : null}
      {doc.error ? <Alert color="red">{doc.error}</Alert> : null}
      {doc.warnings.length ? (
        <Alert color="yellow" title="Предупреждения">
          {doc.warnings.join('; ')}
        </Alert>
      ) : null}
      {doc.contract ? (
        <Text size="sm">
          Договор:{' '}
          <Anchor component={Link} to={`/contracts/register?contract=${doc.contract.id}&tab=execution`}>
            № {doc.contract.number} от {formatDate(doc.contract.contract_date)}
          </Anchor>
          {doc.contract_reason ? ` (${doc.contract_reason})` : ''}
        </Text>
      ) : null}
      {editable && doc.status !== 'confirmed' ? (
        doc.contract && !chooseOther ? (
          <Anchor component="button" size="sm" ta="left" onClick={() => setChooseOther(true)}>
            Выбрать другой договор
          </Anchor>
        ) : (
          <ContractChooser companyId={companyId} doc={doc} onChosen={() => setChooseOther(false)} />
        )
      ) : null}

      {doc.contract && !doc.advance ? (
        <>
          <UpdLinesTable
            doc={doc}
            choice={choice}
            onChoose={(line, item) => setChoice((prev) => ({ ...prev, [line]: item }))}
            editable={editable}
          />
          {problem ? <Alert color="red">{problem}</Alert> : null}
          {editable ? (
            <Group>
              <Button
                onClick={() => confirm.mutate({ id: doc.id, lines: mappingPayload(doc.lines, choice) })}
                loading={confirm.isPending}
              >
                {doc.status === 'confirmed' ? 'Подтвердить исправление' : 'Подтвердить сопоставление'}
              </Button>
              {changed.length ? (
                <Button variant="default" onClick={() => setChoice(initialChoice(doc.lines))}>
                  Вернуть предложенное
                </Button>
              ) : null}
            </Group>
          ) : null}
          <Title order={5}>Исполнение по позициям договора</Title>
          <AcceptanceTable aria-label="Позиции договора" items={doc.items} />
        </>
      ) : null}
    </Stack>
  );
}
