import type { ComplianceSettingsInput, ReminderPrefs } from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { DEFAULT_OFFSETS } from './compliance.policy.js';
import * as repo from './compliance.repository.js';

/** The reminder settings: a company's responsible users and offsets, a user's letters on or off. */

export type Responsible = { id: number; title: string; login: string };
export type CompanySetup = { responsible: Responsible[]; offsets: number[]; chosen: number[] | null };

/**
 * Who is responsible for each company's duties and when they are reminded: the company's setting,
 * or by default its specialists at 5, 2 and 1 working days. Chosen users who left the company are
 * dropped. Runs in the caller's transaction (or on the pool).
 */
export async function companySetups(db: Tx, companyIds: number[]): Promise<Map<number, CompanySetup>> {
  const out = new Map<number, CompanySetup>();
  if (companyIds.length === 0) return out;
  const [settings, members] = await Promise.all([
    repo.settingsOf(db, companyIds),
    repo.membersOf(db, companyIds),
  ]);
  const byCompany = new Map(settings.map((s) => [s.companyId, s]));
  for (const id of companyIds) {
    const s = byCompany.get(id);
    const mine = members.filter((m) => m.companyId === id);
    const chosen = s?.responsibleUserIds ?? null;
    const responsible = mine
      .filter((m) => (chosen ? chosen.includes(m.id) : m.role === 'specialist'))
      .map((m) => ({ id: m.id, title: m.title, login: m.login }));
    out.set(id, { responsible, offsets: s?.offsets ?? [...DEFAULT_OFFSETS], chosen });
  }
  return out;
}

export async function getSettings(deps: AppDeps, companyId: number) {
  const setup = (await companySetups(deps.db, [companyId])).get(companyId)!;
  const members = await repo.membersOf(deps.db, [companyId]);
  return {
    responsible_user_ids: setup.chosen,
    offsets: [...setup.offsets].sort((a, b) => b - a),
    responsible: setup.responsible.map((r) => ({ id: r.id, title: r.title })),
    candidates: members.map((m) => ({ id: m.id, title: m.title, role: m.role })),
  };
}

export async function saveSettings(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  body: z.output<typeof ComplianceSettingsInput>,
) {
  await deps.db.transaction(async (tx) => {
    const members = new Set((await repo.membersOf(tx, [companyId])).map((m) => m.id));
    const chosen = body.responsible_user_ids;
    const strangers = (chosen ?? []).filter((id) => !members.has(id));
    if (strangers.length) {
      throw invalid([
        {
          path: 'body.responsible_user_ids',
          message: 'Ответственным можно назначить только активного пользователя компании',
        },
      ]);
    }
    const before = (await companySetups(tx, [companyId])).get(companyId)!;
    const offsets = [...body.offsets].sort((a, b) => b - a);
    await repo.saveSettings(tx, companyId, { responsibleUserIds: chosen, offsets });
    await audit(tx, actor, {
      action: 'update',
      entity: 'compliance_settings',
      entityId: companyId,
      companyId,
      before: { responsible_user_ids: before.chosen, offsets: before.offsets },
      after: { responsible_user_ids: chosen, offsets },
    });
  });
  return getSettings(deps, companyId);
}

export async function myPrefs(deps: AppDeps, actor: Actor): Promise<ReminderPrefs> {
  const prefs = await repo.mailPrefs(deps.db, [actor.userId]);
  return { reminder_mail: prefs.get(actor.userId) ?? true };
}

export async function saveMyPrefs(deps: AppDeps, actor: Actor, body: ReminderPrefs): Promise<ReminderPrefs> {
  await deps.db.transaction(async (tx) => {
    await repo.saveMailPref(tx, actor.userId, body.reminder_mail);
    await audit(tx, actor, {
      action: 'update',
      entity: 'user',
      entityId: actor.userId,
      companyId: null,
      after: { reminder_mail: body.reminder_mail },
    });
  });
  return myPrefs(deps, actor);
}
