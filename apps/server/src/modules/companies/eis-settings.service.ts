import type { EisSettingsInput } from '@zakupki/shared';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { toEisSettings } from './companies.presenter.js';
import { lockCompany } from './companies.repository.js';
import { type EisSettingsRow, findEisSettings, saveEisSettingsRow } from './eis-settings.repository.js';
import { open, seal, secretsKey } from './secret-box.js';

const passwordContext = (companyId: number) => `eis-password:${companyId}`;

/** What the audit log keeps: never the password, sealed or not. */
const snapshot = (row: EisSettingsRow) => ({
  eis_login: row.eisLogin,
  certificate_thumbprint: row.certificateThumbprint,
  password_set: Boolean(row.passwordSecret),
});

/** GET /api/companies/:id/eis_settings (permission eis.settings). */
export async function getEisSettings(deps: AppDeps, companyId: number) {
  return toEisSettings(companyId, await findEisSettings(deps.db, companyId));
}

/**
 * PUT /api/companies/:id/eis_settings (permission eis.settings): login and certificate
 * thumbprint replaced; a non-empty `password` replaces the stored one (sealed), `clear_password`
 * forgets it, neither keeps it. Audited as create or update, with `password_changed` when it was.
 */
export async function saveEisSettings(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  body: z.output<typeof EisSettingsInput>,
) {
  const { db } = deps;
  const sealed = body.password
    ? seal(secretsKey(deps.config), body.password, passwordContext(companyId))
    : null;
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const before = await findEisSettings(tx, companyId);
    const passwordSecret = body.clear_password ? null : (sealed ?? before?.passwordSecret ?? null);
    const unchanged =
      before !== null &&
      before.eisLogin === body.eis_login &&
      before.certificateThumbprint === body.certificate_thumbprint &&
      before.passwordSecret === passwordSecret;
    if (unchanged) return toEisSettings(companyId, before);
    const row = await saveEisSettingsRow(tx, companyId, {
      eisLogin: body.eis_login,
      certificateThumbprint: body.certificate_thumbprint,
      passwordSecret,
    });
    await audit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'eis_settings',
      entityId: companyId,
      companyId,
      before: before ? snapshot(before) : null,
      after: { ...snapshot(row), password_changed: before?.passwordSecret !== passwordSecret },
    });
    return toEisSettings(companyId, row);
  });
}

/** The stored EIS password in clear, for the EIS integration on the server; null when none is set. */
export async function eisPassword(deps: AppDeps, companyId: number): Promise<string | null> {
  const row = await findEisSettings(deps.db, companyId);
  if (!row?.passwordSecret) return null;
  return open(secretsKey(deps.config), row.passwordSecret, passwordContext(companyId));
}
