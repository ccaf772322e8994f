import { Anchor, Button, Card, Collapse, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { DateField } from '../../../../components/form/date-field';
import { type SupplierAddress, useStartEisContract, useStartEisPerformance } from '../../api/exports';
import { ContractSelect } from '../execution/contract-select';
import { ADDRESS_TEXT_FIELDS, type ReportCardProps, regionCodeProblem } from './export-checks';

/** EIS XML of one contract (сведения о договоре) and of its execution for a period. */
export function EisXmlCard({
  companyId,
  initialContract,
  onStarted,
  canReport,
}: ReportCardProps & {
  initialContract: number | null;
}) {
  const [contractId, setContractId] = useState<number | null>(initialContract);
  const [addressOpen, address] = useDisclosure(false);
  const [addr, setAddr] = useState<SupplierAddress>({ post_code: '' });
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [regionText, setRegionText] = useState('');
  const regionProblem = regionCodeProblem(regionText);
  const postOk = !addressOpen || (/^\d{6}$/.test(addr.post_code.trim()) && !regionProblem);
  const contract = useStartEisContract(companyId, {
    onSuccess: (r) => onStarted(r.report_id, 'eis-contract'),
  });
  const perf = useStartEisPerformance(companyId, {
    onSuccess: (r) => onStarted(r.report_id, 'eis-performance'),
  });
  const badPeriod = !!from && !!to && from > to;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>XML для ЕИС</Text>
        <Text size="sm" c="dimmed">
          Сведения о договоре и сведения об исполнении договора по 223-ФЗ, проверенные по схеме ЕИС.
        </Text>
        <ContractSelect
          companyId={companyId}
          supplierInn={null}
          value={contractId}
          onChange={setContractId}
        />
        <Anchor component="button" size="sm" onClick={address.toggle} ta="left">
          {addressOpen ? 'Без адреса поставщика' : 'Указать адрес поставщика (в реестре он не хранится)'}
        </Anchor>
        <Collapse expanded={addressOpen}>
          <SimpleGrid cols={3}>
            <TextInput
              label="Индекс"
              withAsterisk
              maxLength={6}
              value={addr.post_code}
              error={addr.post_code && !postOk ? 'Почтовый индекс состоит из 6 цифр' : null}
              onChange={(e) => setAddr({ ...addr, post_code: e.currentTarget.value })}
            />
            <TextInput
              label="Код региона"
              inputMode="numeric"
              maxLength={3}
              value={regionText}
              error={regionProblem}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setRegionText(text);
                setAddr({
                  ...addr,
                  region_code: regionCodeProblem(text) || !text.trim() ? null : Number(text),
                });
              }}
            />
            {ADDRESS_TEXT_FIELDS.map(([name, label]) => (
              <TextInput
                key={name}
                label={label}
                value={addr[name] ?? ''}
                onChange={(e) => setAddr({ ...addr, [name]: e.currentTarget.value || null })}
              />
            ))}
          </SimpleGrid>
        </Collapse>
        <Group>
          <Button
            disabled={!contractId || !canReport || !postOk}
            loading={contract.isPending}
            onClick={() =>
              contractId &&
              contract.mutate({
                contractId,
                address:
                  addressOpen && addr.post_code.trim() ? { ...addr, post_code: addr.post_code.trim() } : null,
              })
            }
          >
            Сведения о договоре (XML)
          </Button>
        </Group>
        <Group align="flex-end">
          <DateField label="Период исполнения с" w={170} value={from} onChange={setFrom} />
          <DateField
            label="по"
            w={170}
            value={to}
            onChange={setTo}
            error={badPeriod ? 'Начало позже окончания' : null}
          />
          <Button
            variant="light"
            disabled={!contractId || !canReport || badPeriod}
            loading={perf.isPending}
            onClick={() =>
              contractId && perf.mutate({ contractId, period: { period_from: from, period_to: to } })
            }
          >
            Сведения об исполнении (XML)
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Без периода в сведения об исполнении входят все оплаты и приёмки договора.
        </Text>
      </Stack>
    </Card>
  );
}
