import {
  Button,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ProcurementRule } from '@zakupki/shared/api/procurement-rules';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePermissions, useRules } from '../api/procurement-rules';
import { CompanyGate } from './company-gate';
import { CopyRuleModal } from './copy-rule-modal';
import { RuleFormModal } from './rule-form-modal';
import { RuleRow } from './rule-row';

const LIMIT = 20;

/** `/procurementsRules`: the rules of the selected company with the version in force and the EIS duty. */
export function RulesPage() {
  return <CompanyGate>{(companyId) => <RulesScreen companyId={companyId} />}</CompanyGate>;
}

function RulesScreen({ companyId }: { companyId: number }) {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 1) || 1;
  const archived = params.get('archived') === 'true';
  const q = params.get('q') ?? '';
  const rules = useRules(companyId, { page, limit: LIMIT, archived, q: q || undefined });
  const perms = usePermissions(companyId);
  const canWrite = perms.data?.includes('rules.write') ?? false;
  const [editing, setEditing] = useState<ProcurementRule | 'new' | null>(null);
  const [copying, setCopying] = useState<ProcurementRule | null>(null);
  const setParam = (k: string, v: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (v) n.set(k, v);
      else n.delete(k);
      if (k !== 'page') n.delete('page');
      return n;
    });
  const items = rules.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Положения о закупке</Title>
        {canWrite ? <Button onClick={() => setEditing('new')}>Создать положение</Button> : null}
      </Group>
      <Group>
        <TextInput
          placeholder="Поиск по наименованию"
          defaultValue={q}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setParam('q', e.currentTarget.value.trim() || null);
          }}
          w={320}
        />
        <Checkbox
          label="Показывать архивные"
          checked={archived}
          onChange={(e) => setParam('archived', e.currentTarget.checked ? 'true' : null)}
        />
      </Group>
      {rules.isPending ? <Loader size="sm" aria-label="Загрузка положений" /> : null}
      {rules.data && !items.length ? (
        <Text c="dimmed">Положений о закупке нет{canWrite ? ': создайте первое' : ''}</Text>
      ) : null}
      {items.length ? (
        <Table striped highlightOnHover aria-label="Положения о закупке">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Положение</Table.Th>
              <Table.Th>Действующая редакция</Table.Th>
              <Table.Th>Последняя редакция</Table.Th>
              <Table.Th>Размещение в ЕИС (15 дней)</Table.Th>
              {canWrite ? <Table.Th>Действия</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((rule) => (
              <RuleRow
                key={rule.id}
                rule={rule}
                canWrite={canWrite}
                onEdit={() => setEditing(rule)}
                onCopy={() => setCopying(rule)}
              />
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {rules.data && rules.data.total > LIMIT ? (
        <Pagination
          total={Math.ceil(rules.data.total / LIMIT)}
          value={page}
          onChange={(p) => setParam('page', String(p))}
        />
      ) : null}
      {editing ? (
        <RuleFormModal
          companyId={companyId}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {copying ? <CopyRuleModal rule={copying} onClose={() => setCopying(null)} /> : null}
    </Stack>
  );
}
