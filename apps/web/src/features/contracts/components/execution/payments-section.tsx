import { Button, Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Payment } from '@zakupki/shared/api/imports';
import { useState } from 'react';
import { notices } from '../../../../components/notices/notices.store';
import {
  FilteredPagedTable,
  type FilterOption,
  usePagedFilter,
} from '../../../../components/table/filtered-paged-table';
import { formatMoney } from '../../../../lib/formatters';
import { useIgnorePayment, usePayments } from '../../api/execution';
import { AssignModal } from './assign-payment-modal';
import { PAYMENT_COLUMNS } from './payment-columns';

type Filter = 'unmatched' | 'matched' | 'assigned' | 'ignored' | 'all';

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
          ...PAYMENT_COLUMNS,
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
