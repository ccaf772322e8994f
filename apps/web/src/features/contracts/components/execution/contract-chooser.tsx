import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { UpdDocumentDetail } from '@zakupki/shared/api/imports';
import { useState } from 'react';
import { notices } from '../../../../components/notices/notices.store';
import { reportApiError } from '../../../../lib/error-handler';
import { ApiError } from '../../../../lib/http-errors';
import { useSetUpdContract } from '../../api/execution';
import { ContractSelect } from './contract-select';

/** The contract a document is about, chosen by hand (its lines are then matched to the specification). */
export function ContractChooser({
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
