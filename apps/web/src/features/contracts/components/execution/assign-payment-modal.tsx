import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Payment } from '@zakupki/shared/api/imports';
import { useState } from 'react';
import { notices } from '../../../../components/notices/notices.store';
import { reportApiError } from '../../../../lib/error-handler';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { ApiError } from '../../../../lib/http-errors';
import { useAssignPayment } from '../../api/execution';
import { ContractSelect } from './contract-select';

/** Assigning a payment to a contract of its payee by hand; the server's refusal is shown in place. */
export function AssignModal({
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
