import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Payment } from '@zakupki/shared/api/imports';
import { useState } from 'react';
import { ViewBadge } from '../../../../components/badges/view-badge';
import { notices } from '../../../../components/notices/notices.store';
import {
  FilteredPagedTable,
  type FilterOption,
  usePagedFilter,
} from '../../../../components/table/filtered-paged-table';
import { reportApiError } from '../../../../lib/error-handler';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { ApiError } from '../../../../lib/http-errors';
import { useAssignPayment, useIgnorePayment, usePayments } from '../../api/execution';
import { PAYMENT_STATUS_VIEW } from '../../model/labels';
import { PartyText } from '../cells';
import { ContractSelect } from './contract-select';

type Filter = 'unmatched' | 'matched' | 'assigned' | 'ignored' | 'all';

function AssignModal({
  companyId,
  payment,
  onClose,
}: {
  companyId: number;
  payment: Payment | null;
  onClose: () => void;
}) {
  const [contractId, setContractId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const assign = useAssignPayment(companyId, {
    meta: { handled: true },
    onSuccess: (p) => {
      notices.success(
        'Платёж привязан',
        `Платёж № ${p.number} на ${formatMoney(p.amount)} учтён по договору № ${p.contract?.number ?? ''}`,
      );
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401)
        setProblem(err.message);
      else reportApiError(err);
    },
  });
  return (
    <Modal
      opened={!!payment}
      onClose={onClose}
      title="Привязать платёж к договору"
      size="lg"
      onExitTransitionEnd={() => {
        setContractId(null);
        setProblem(null);
      }}
    >
      {payment ? (
        <Stack gap="sm">
          <Text size="sm">
            Платёж № {payment.number} от {formatDate(payment.date)} на {formatMoney(payment.amount)}{' '}
            получателю {payment.payee.name ?? '—'} (ИНН {payment.payee.inn ?? '—'})
          </Text>
          <Text size="xs" c="dimmed">
            {payment.purpose}
          </Text>
          <ContractSelect
            companyId={companyId}
            supplierInn={payment.payee.inn}
            supplierOnly
            value={contractId}
            onChange={(id) => {
              setContractId(id);
              setProblem(null);
            }}
          />
          {problem ? <Alert color="red">{problem}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button
              disabled={!contractId}
              loading={assign.isPending}
              onClick={() => contractId && assign.mutate({ payment, contractId })}
            >
              Привязать
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

const FILTERS: FilterOption<Filter>[] = [
  { value: 'unmatched', label: 'Не сопоставленные' },
  { value: 'matched', label: 'Сопоставленные' },
  { value: 'assigned', label: 'Привязанные вручную' },
  { value: 'ignored', label: 'Не учитываются' },
  { value: 'all', label: 'Все' },
];

/** Payments from bank statements: the unmatched ones to assign to a contract or to ignore. */
export function PaymentsSection({ companyId, canWrite }: { companyId: number; canWrite: boolean }) {
  const state = usePagedFilter<Filter>('unmatched');
  const [assigning, setAssigning] = useState<Payment | null>(null);
  const list = usePayments(companyId, { status: state.status, page: state.page, limit: 10 });
  const ignore = useIgnorePayment(companyId, {
    onSuccess: (p) => {
      notices.success('Платёж не учитывается', `Платёж № ${p.number} исключён из исполнения договоров`);
    },
  });
  return (
    <>
      <FilteredPagedTable<Payment, Filter>
        filterLabel="Какие платежи показать"
        filters={FILTERS}
        state={state}
        list={list}
        aria-label="Платежи"
        limit={10}
        emptyText={state.filter === 'unmatched' ? 'Несопоставленных платежей нет' : 'Платежей нет'}
        columns={[
          {
            accessor: 'date',
            title: 'Дата и номер',
            render: (p) => (
              <Stack gap={0}>
                <Text size="sm">{formatDate(p.date)}</Text>
                <Text size="xs" c="dimmed">
                  № {p.number}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'amount',
            title: 'Сумма',
            textAlign: 'right',
            render: (p) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(p.amount)}
              </Text>
            ),
          },
          {
            accessor: 'payee',
            title: 'Получатель',
            render: (p) => <PartyText party={p.payee} />,
          },
          {
            accessor: 'purpose',
            title: 'Назначение платежа',
            render: (p) => (
              <Stack gap={2}>
                <Text size="sm" lineClamp={3} title={p.purpose}>
                  {p.purpose}
                </Text>
                {p.match_reason ? (
                  <Text size="xs" c="dimmed">
                    {p.match_reason}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: 'status',
            title: 'Договор',
            render: (p) => (
              <Stack gap={2}>
                <ViewBadge view={PAYMENT_STATUS_VIEW} state={p.status} variant="light" />
                {p.contract ? (
                  <Text size="xs">
                    № {p.contract.number} от {formatDate(p.contract.contract_date)}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          ...(canWrite
            ? [
                {
                  accessor: 'actions',
                  title: '',
                  textAlign: 'right' as const,
                  render: (p: Payment) => (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => setAssigning(p)}
                        aria-label={`Привязать к договору: платёж № ${p.number}`}
                      >
                        Привязать к договору
                      </Button>
                      {p.status !== 'ignored' ? (
                        <Button
                          size="compact-xs"
                          variant="default"
                          aria-label={`Игнорировать: платёж № ${p.number}`}
                          onClick={() =>
                            modals.openConfirmModal({
                              title: 'Игнорировать платёж',
                              children: `Платёж № ${p.number} на ${formatMoney(p.amount)} не будет учитываться в исполнении договоров.`,
                              labels: { confirm: 'Игнорировать', cancel: 'Отмена' },
                              onConfirm: () => ignore.mutate(p),
                            })
                          }
                        >
                          Игнорировать
                        </Button>
                      ) : null}
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
      />
      <AssignModal companyId={companyId} payment={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
