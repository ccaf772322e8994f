import type { EisSyncSettingsInput } from '@zakupki/shared';
import type { z } from 'zod';
import { conflict } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { seal, secretsKey } from '../companies/secret-box.js';
import type { DutyEisMarkReader } from '../compliance/duty-eis-marks.service.js';
import { outcomeText, RUN_OUTCOMES } from './eis-outcome.policy.js';
import { queueSync } from './eis-sync.jobs.js';
import { toConfirmation, toOverview } from './eis-sync.presenter.js';
import * as repo from './eis-sync.repository.js';
import { connectorFor, notifyAlarm, tokenContext } from './eis-sync-notices.js';

/** GET …/eis_sync: token set, regions, the connection's state and the last runs. */
export async function getOverview(deps: AppDeps, companyId: number) {
  const [s, runs] = await Promise.all([
    repo.findSettings(deps.db, companyId),
    repo.lastRuns(deps.db, companyId),
  ]);
  return toOverview(companyId, s, runs);
}

/** PUT …/eis_sync: a new token (sealed) resets the connection's state and its alarm; audited without the token. */
export async function saveSyncSettings(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  body: z.output<typeof EisSyncSettingsInput>,
) {
  const sealed = body.token ? seal(secretsKey(deps.config), body.token, tokenContext(companyId)) : null;
  await deps.db.transaction(async (tx) => {
    const before = await repo.findSettings(tx, companyId);
    const tokenSecret = body.clear_token ? null : (sealed ?? before?.tokenSecret ?? null);
    const regions = [...new Set(body.regions)];
    await repo.saveSettings(tx, companyId, {
      tokenSecret,
      regions,
      resetState: tokenSecret !== (before?.tokenSecret ?? null),
    });
    await audit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'eis_sync_settings',
      entityId: companyId,
      companyId,
      before: before ? { regions: before.regions, token_set: Boolean(before.tokenSecret) } : null,
      after: {
        regions,
        token_set: Boolean(tokenSecret),
        token_changed: tokenSecret !== (before?.tokenSecret ?? null),
      },
    });
  });
  return getOverview(deps, companyId);
}

/**
 * «Проверить подключение»: one getNsi call with the stored token. The state is stored; a blocked
 * token raises the alarm as a run would.
 */
export async function checkConnection(deps: AppDeps, companyId: number) {
  const connector = await connectorFor(deps, companyId);
  if (!connector) return { outcome: RUN_OUTCOMES.noToken, ok: false, message: 'Токен ЕИС не задан' };
  const o = await connector.call({ kind: 'getNsi', nsiCode223: 'nsiOrganization', nsiKind: 'inc' });
  const ok = o.kind === 'ok' || o.kind === 'noData';
  const message = ok ? 'Подключение к ЕИС работает' : outcomeText(o);
  if (o.kind === 'blockedToken') {
    const s = await repo.findSettings(deps.db, companyId);
    await repo.setState(deps.db, companyId, 'blocked', message);
    if (!s?.blockedAt) await notifyAlarm(deps, companyId, message);
  } else {
    await repo.setState(deps.db, companyId, ok ? 'ok' : 'error', ok ? null : message);
  }
  return { outcome: o.kind === 'ok' ? ('ok' as const) : o.kind, ok, message };
}

/** «Синхронизировать сейчас»: 409 while the company has an open run. */
export async function syncNow(deps: AppDeps, actor: Actor, companyId: number) {
  const id = await queueSync(deps, companyId, actor.userId, 'manual');
  if (id === null) throw conflict('Синхронизация с ЕИС уже идёт: дождитесь её окончания');
  return { run_id: id };
}

/** GET …/eis_sync/confirmations: the marks of one kind of object, optionally only of `ids` (a register page). */
export async function listConfirmations(
  deps: AppDeps,
  companyId: number,
  entity: 'eis_plan' | 'procurement' | 'contract',
  ids?: number[],
) {
  return { items: (await repo.confirmationsOf(deps.db, companyId, entity, ids)).map(toConfirmation) };
}

/**
 * The compliance calendar's reader of the duties' objects in the EIS (declared as `dutyEisMarks`,
 * compliance/duty-eis-marks.service.ts): the confirmed and not-found marks of the runs.
 */
export const dutyEisMarks: DutyEisMarkReader = (db, companyIds, objects) =>
  repo.marksOfObjects(db, companyIds, objects);
