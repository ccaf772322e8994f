import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { UpdDocumentDetail } from '@zakupki/shared/api/imports';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ViewBadge } from '../../../../components/badges/view-badge';
import { notices } from '../../../../components/notices/notices.store';
import { reportApiError } from '../../../../lib/error-handler';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { ApiError, fieldErrors } from '../../../../lib/http-errors';
import { useConfirmUpdMapping, useSetUpdContract, useUpd } from '../../api/execution';
import { UPD_STATUS_VIEW, updState, updTitle } from '../../model/labels';
import {
  changedLines,
  confidenceView,
  initialChoice,
  itemOptions,
  type MappingChoice,
  mappingPayload,
  NOT_RELATED,
} from '../../model/mapping';
import { AcceptanceTable } from '../card/acceptance-table';
import { PartyText } from '../cells';
import { ContractSelect } from './contract-select';

const docTitle = (d: Pick<UpdDocumentDetail, 'kind' | 'number' | 'date' | 'correction_number'>) =>
  `${updTitle(d)}${d.correction_number ? `, исправление № ${d.correction_number}` : ''}`;

function ContractChooser({
  companyId,
  doc,
  onChosen,
}: {
  companyId: number;
  doc: UpdDocumentDetail;
  onChosen: () => void;
}) {
  const [contractId, setContractId] = useState<number | null>(doc.contract_id);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = useSetUpdContract(companyId, doc.id, {
    meta: { handled: true },
    onSuccess: () => {
      setProblem(null);
      onChosen();
      notices.success(
        'Договор выбран',
        'Строки документа сопоставлены с позициями спецификации: проверьте и подтвердите',
      );
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401)
        setProblem(err.message);
      else reportApiError(err);
    },
  });
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Text fw={500} size="sm">
          {doc.contract ? 'Другой договор' : 'Выберите договор'}
        </Text>
        <ContractSelect
          companyId={companyId}
          supplierInn={doc.seller.inn}
          value={contractId}
          onChange={setContractId}
        />
        {problem ? <Alert color="red">{problem}</Alert> : null}
        <Group>
          <Button
            size="xs"
            disabled={!contractId || contractId === doc.contract_id}
            loading={choose.isPending}
            onClick={() => contractId && choose.mutate(contractId)}
          >
            Выбрать договор
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

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
          <Table.ScrollContainer minWidth={900}>
            <Table withTableBorder striped aria-label="Строки УПД">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>№</Table.Th>
                  <Table.Th>Строка документа</Table.Th>
                  <Table.Th ta="right">Кол-во</Table.Th>
                  <Table.Th ta="right">Сумма с НДС</Table.Th>
                  <Table.Th w={360}>Позиция спецификации</Table.Th>
                  <Table.Th>Совпадение</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {doc.lines.map((l) => {
                  const conf = confidenceView(l.mapping?.confidence);
                  const current = choice[l.id] ?? null;
                  const byHand = changed.includes(l.id);
                  return (
                    <Table.Tr key={l.id}>
                      <Table.Td>{l.line_no}</Table.Td>
                      <Table.Td maw={300}>
                        <Text size="sm">{l.name}</Text>
                        {l.price ? (
                          <Text size="xs" c="dimmed">
                            цена {formatMoney(l.price)}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">
                        {l.quantity ?? '—'} {l.unit_name ?? ''}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {l.sum_with_vat ? formatMoney(l.sum_with_vat) : '—'}
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`Позиция спецификации для строки ${l.line_no}`}
                          data={itemOptions(doc, l)}
                          value={current === null ? NOT_RELATED : String(current)}
                          onChange={(v) =>
                            setChoice((prev) => ({
                              ...prev,
                              [l.id]: !v || v === NOT_RELATED ? null : Number(v),
                            }))
                          }
                          allowDeselect={false}
                          readOnly={!editable}
                          comboboxProps={{ withinPortal: true }}
                        />
                      </Table.Td>
                      <Table.Td>
                        {byHand ? (
                          <Badge color="blue" variant="light">
                            выбрано вручную
                          </Badge>
                        ) : conf ? (
                          <Badge color={conf.color} variant="light">
                            {conf.label}
                          </Badge>
                        ) : (
                          <Text size="xs" c="dimmed">
                            —
                          </Text>
                        )}
                        {l.mapping?.status === 'confirmed' && !byHand ? (
                          <Text size="xs" c="green">
                            подтверждено
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
