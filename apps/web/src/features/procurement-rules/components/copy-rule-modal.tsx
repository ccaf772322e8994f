import { Alert, Anchor, Button, Checkbox, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import type { ProcurementRule } from '@zakupki/shared/api/procurement-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppSelect } from '../../../components/form/app-select';
import { selectCompany } from '../../../lib/company';
import { useMyCompanies } from '../../../lib/company-queries';
import { useCopyRule } from '../api/copy-rule';
import { useVersions } from '../api/procurement-rules';

const PROGRESS = { idle: 0, sent: 25, queued: 60, done: 100, failed: 100 } as const;

/**
 * Copy a rule to another company (staff): the target from the companies the user acts for, the
 * versions (all by default), then the job's progress and result; the copy arrives as drafts.
 */
export function CopyRuleModal({ rule, onClose }: { rule: ProcurementRule; onClose: () => void }) {
  const companies = useMyCompanies();
  const versions = useVersions(rule.company_id, rule.id);
  const { state, send } = useCopyRule(rule.id);
  const [target, setTarget] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const options = (companies.data ?? [])
    .filter((c) => c.id !== rule.company_id)
    .map((c) => ({ value: String(c.id), label: c.title ?? `id:${c.id}` }));
  const all = (versions.data?.items ?? []).map((v) => String(v.id));
  const picked = chosen ?? all;
  const busy = state.phase === 'sent' || state.phase === 'queued';
  return (
    <Modal opened onClose={onClose} title={`Копирование: ${rule.title}`} size="lg">
      <Stack>
        <AppSelect
          label="Компания-получатель"
          required
          data={options}
          value={target}
          onChange={setTarget}
          searchable
          disabled={busy || state.phase === 'done'}
        />
        <Checkbox.Group label="Редакции (копируются черновиками)" value={picked} onChange={setChosen}>
          <Stack gap={4} mt={4}>
            {(versions.data?.items ?? []).map((v) => (
              <Checkbox key={v.id} value={String(v.id)} label={`Редакция № ${v.number}`} disabled={busy} />
            ))}
          </Stack>
        </Checkbox.Group>
        {state.phase !== 'idle' ? (
          <Progress
            value={PROGRESS[state.phase]}
            animated={busy}
            color={state.phase === 'failed' ? 'red' : state.phase === 'done' ? 'green' : 'blue'}
            aria-label="Ход копирования"
          />
        ) : null}
        {state.phase === 'queued' ? <Text size="sm">Задание принято, копирование выполняется…</Text> : null}
        {state.phase === 'done' ? (
          <Alert
            color={state.existed ? 'yellow' : 'green'}
            title={state.existed ? 'Копия не создана' : 'Положение скопировано'}
          >
            <Text size="sm">{state.message}</Text>
            <Anchor
              component={Link}
              to={`/procurementsRules/${state.newRuleId}/versions`}
              size="sm"
              // the copy belongs to the target company: select it, or its page is not found
              onClick={() => {
                const company = options.find((o) => o.value === target);
                if (company) selectCompany({ id: Number(company.value), title: company.label });
              }}
            >
              {state.existed ? 'Открыть прежнюю копию' : 'Открыть копию'}
            </Anchor>
            {state.warnings.length ? (
              <List size="sm" mt="xs">
                {state.warnings.map((w) => (
                  <List.Item key={w}>{w}</List.Item>
                ))}
              </List>
            ) : null}
          </Alert>
        ) : null}
        {state.phase === 'failed' ? (
          <Alert color="red" title="Копирование не выполнено">
            {state.error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {state.phase === 'done' ? 'Закрыть' : 'Отмена'}
          </Button>
          {state.phase !== 'done' ? (
            <Button
              disabled={!target || picked.length === 0}
              loading={busy}
              onClick={() =>
                target &&
                send(Number(target), chosen && chosen.length !== all.length ? picked.map(Number) : undefined)
              }
            >
              Копировать
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
