import { EIS_OUTCOME_TITLES, type EisOutcomeName } from '@zakupki/shared';
import type { AppDeps } from '../../types.js';
import { open, secretsKey } from '../companies/secret-box.js';
import { companySetups } from '../compliance/compliance-settings.service.js';
import { type EisConnector, httpConnector } from './eis-connector.js';
import type { Counts } from './eis-sync.policy.js';
import * as repo from './eis-sync.repository.js';

export const tokenContext = (companyId: number) => `eis-token:${companyId}`;

/** The connector with the company's token (sealed in eis_sync_settings); null without a token. */
export async function connectorFor(deps: AppDeps, companyId: number): Promise<EisConnector | null> {
  const row = await repo.findSettings(deps.db, companyId);
  if (!row?.tokenSecret) return null;
  const token = open(secretsKey(deps.config), row.tokenSecret, tokenContext(companyId));
  return httpConnector(deps.config.eis, token);
}

/** Who hears of the connector's alarms: the company's responsible users (compliance settings). */
async function responsibleOf(deps: AppDeps, companyId: number): Promise<number[]> {
  const setup = (await companySetups(deps.db, [companyId])).get(companyId);
  return setup?.responsible.map((r) => r.id) ?? [];
}

/** A blocked token (code 34): a notice to every responsible user of the company. */
export async function notifyAlarm(deps: AppDeps, companyId: number, message: string): Promise<void> {
  for (const userId of await responsibleOf(deps, companyId)) {
    await deps.notifier.notify({
      userId,
      companyId,
      kind: 'eisSyncAlarm',
      status: 'error',
      header: 'Токен ЕИС заблокирован',
      message: `Синхронизация с ЕИС остановлена: ${message}`,
      payload: { outcome: 'blockedToken' },
    });
  }
}

const countsText = (c: Counts) =>
  `новых: ${c.new}, обновлено: ${c.updated}, без изменений: ${c.unchanged}, пропущено: ${c.skipped}, с ошибкой: ${c.failed}`;

/** The run's one result notice to its author (and its responsible users when it failed). */
export async function notifyRun(
  deps: AppDeps,
  run: repo.EisSyncRunRow,
  r: {
    status: 'done' | 'warning' | 'failed';
    outcome: EisOutcomeName;
    counts: Counts;
    errors: { message: string }[];
  },
): Promise<void> {
  const header =
    r.status === 'done'
      ? 'Синхронизация с ЕИС завершена'
      : r.status === 'warning'
        ? 'Синхронизация с ЕИС завершена с ошибками'
        : 'Синхронизация с ЕИС не выполнена';
  const errors = r.errors.length
    ? `. Ошибки: ${r.errors
        .slice(0, 3)
        .map((e) => e.message)
        .join('; ')}`
    : '';
  const users = new Set([run.userId]);
  if (r.status === 'failed') for (const id of await responsibleOf(deps, run.companyId)) users.add(id);
  for (const userId of users) {
    await deps.notifier.notify({
      userId,
      companyId: run.companyId,
      kind: 'eisSync',
      status: r.status === 'done' ? 'success' : r.status === 'warning' ? 'warning' : 'error',
      header,
      message: `${r.outcome === 'ok' ? '' : `Итог: ${EIS_OUTCOME_TITLES[r.outcome]}; `}${countsText(r.counts)}${errors}`,
      payload: { eis_sync_run_id: run.id, outcome: r.outcome, counts: r.counts },
    });
  }
}
