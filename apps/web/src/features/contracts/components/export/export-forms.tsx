import {
  Alert,
  Anchor,
  Button,
  Card,
  Collapse,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import type { ReportCode } from '@zakupki/shared/api/exports';
import { MONTHS_TITLE } from '@zakupki/shared/months';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppMultiSelect, AppSelect } from '../../../../components/form/app-select';
import { DateField } from '../../../../components/form/date-field';
import { notices } from '../../../../components/notices/notices.store';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { useContractList } from '../../api/contracts';
import {
  type SupplierAddress,
  useRegisterXlsx,
  useStartEisContract,
  useStartEisPerformance,
  useStartMonthly,
  useStartOcds,
} from '../../api/exports';
import { describeFilters, readFilters, toFilterBody, toListQuery } from '../../model/filters';
import { lastRegisterView } from '../../model/last-register-view';
import { STATUS_VIEW } from '../../model/status';
import { ContractSelect } from '../execution/contract-select';

type Started = (reportId: number, code: ReportCode) => void;

/** XLSX of the register view the user last looked at (the same filters and sort). */
export function RegisterXlsxCard({ companyId }: { companyId: number }) {
  const params = lastRegisterView();
  const filters = readFilters(params);
  const words = describeFilters(
    filters,
    (s) => STATUS_VIEW[s].label,
    (n) => formatMoney(n),
  );
  const run = useRegisterXlsx(companyId, {
    onSuccess: (r) =>
      notices.success(
        'Выгрузка в Excel',
        `Файл «${r.name}» сохранён${r.total !== null ? `: договоров — ${r.total}` : ''}`,
      ),
  });
  const search = params.toString();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>Реестр договоров в Excel</Text>
        <Text size="sm" c="dimmed">
          Все договоры текущего представления реестра, без разбивки на страницы.
        </Text>
        <List size="sm">
          {words.map((w) => (
            <List.Item key={w}>{w}</List.Item>
          ))}
        </List>
        <Group>
          <Button onClick={() => run.mutate(toListQuery(filters))} loading={run.isPending}>
            Выгрузить в Excel
          </Button>
          <Anchor component={Link} to={`/contracts/register${search ? `?${search}` : ''}`} size="sm">
            Изменить фильтры в реестре
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/** EIS XML of one contract (сведения о договоре) and of its execution for a period. */
/** The free-text parts of the supplier's address (EIS XML), in the order of the form. */
const ADDRESS_TEXT_FIELDS = [
  ['region_name', 'Регион'],
  ['city', 'Город'],
  ['street', 'Улица'],
  ['house', 'Дом'],
] as const satisfies readonly (readonly [keyof SupplierAddress, string])[];

/**
 * The region code typed (ОКАТО/ГАР region, 1–99) or null when it is right or left empty. Letters are
 * refused with a message, never dropped silently as a number input would (issue 25, item 4).
 */
export function regionCodeProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d+$/.test(t)) return 'Код региона — только цифры, например 77';
  const n = Number(t);
  return n >= 1 && n <= 99 ? null : 'Код региона — число от 1 до 99';
}

/** The report year typed, refused with a message when it is not a year from 2012 to 2100. */
export function yearProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return 'Обязательное поле';
  if (!/^\d+$/.test(t)) return 'Год — только цифры, например 2026';
  const n = Number(t);
  return n >= 2012 && n <= 2100 ? null : 'Год от 2012 до 2100';
}

export function EisXmlCard({
  companyId,
  initialContract,
  onStarted,
  canReport,
}: {
  companyId: number;
  initialContract: number | null;
  onStarted: Started;
  canReport: boolean;
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

/** OCDS 1.1 release package of chosen contracts, or of the register's current view. */
export function OcdsCard({
  companyId,
  onStarted,
  canReport,
}: {
  companyId: number;
  onStarted: Started;
  canReport: boolean;
}) {
  const [mode, setMode] = useState<'chosen' | 'view'>('chosen');
  const [ids, setIds] = useState<string[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const base = readFilters(new URLSearchParams());
  const list = useContractList(
    companyId,
    toListQuery({ ...base, q: debounced.trim() || undefined, limit: 50 }),
  );
  const options = (list.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: `№ ${c.number} от ${formatDate(c.contract_date)} — ${c.subject}`.slice(0, 160),
  }));
  for (const id of ids)
    if (!options.some((o) => o.value === id) && labels[id]) options.push({ value: id, label: labels[id] });
  const run = useStartOcds(companyId, { onSuccess: (r) => onStarted(r.report_id, 'ocds') });
  const body = () =>
    mode === 'chosen'
      ? { contract_ids: ids.map(Number) }
      : { filters: toFilterBody(readFilters(lastRegisterView())) };
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>Открытые данные OCDS (JSON)</Text>
        <Text size="sm" c="dimmed">
          Пакет релизов Open Contracting Data Standard 1.1 для публикации выбранных договоров.
        </Text>
        <AppSelect
          label="Что выгрузить"
          allowDeselect={false}
          data={[
            { value: 'chosen', label: 'Выбранные договоры' },
            { value: 'view', label: 'Все договоры текущего представления реестра' },
          ]}
          value={mode}
          onChange={(v) => setMode((v as 'chosen' | 'view') ?? 'chosen')}
        />
        {mode === 'chosen' ? (
          <AppMultiSelect
            label="Договоры"
            searchable
            clearable
            filter={({ options: o }) => o}
            searchValue={search}
            onSearchChange={setSearch}
            data={options}
            value={ids}
            onChange={(v) => {
              const next = { ...labels };
              for (const o of options) if (v.includes(o.value)) next[o.value] = o.label;
              setLabels(next);
              setIds(v);
            }}
            description="Поиск по номеру, реестровому номеру или предмету"
          />
        ) : null}
        <Group>
          <Button
            disabled={!canReport || (mode === 'chosen' && !ids.length)}
            loading={run.isPending}
            onClick={() => run.mutate(body())}
          >
            Сформировать OCDS
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

const MONTHS = MONTHS_TITLE;

/** The monthly report of ч. 19 ст. 4 223-ФЗ (XLSX) for a year and month. */
export function MonthlyCard({
  companyId,
  onStarted,
  canReport,
}: {
  companyId: number;
  onStarted: Started;
  canReport: boolean;
}) {
  const now = new Date();
  const prev = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const [year, setYear] = useState(String(prev.getFullYear()));
  const [month, setMonth] = useState<string | null>(String(prev.getMonth() + 1));
  const problem = yearProblem(year);
  const yearOk = !problem;
  const run = useStartMonthly(companyId, { onSuccess: (r) => onStarted(r.report_id, 'monthly-223-19') });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>Ежемесячный отчёт (ч. 19 ст. 4 223-ФЗ)</Text>
        <Text size="sm" c="dimmed">
          Сведения о количестве и стоимости договоров за месяц; размещается в ЕИС не позднее 10-го числа
          следующего месяца.
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Год"
            w={110}
            inputMode="numeric"
            maxLength={4}
            value={year}
            onChange={(e) => setYear(e.currentTarget.value)}
            error={problem}
          />
          <AppSelect
            label="Месяц"
            w={170}
            allowDeselect={false}
            data={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
            value={month}
            onChange={setMonth}
          />
          <Button
            disabled={!canReport || !yearOk || !month}
            loading={run.isPending}
            onClick={() => run.mutate({ year: Number(year), month: Number(month) })}
          >
            Сформировать отчёт
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function NoReportsRight() {
  return <Alert color="gray">Формировать отчёты в этой компании вы не можете: недостаточно прав.</Alert>;
}
