import type { EisConfirmation, EisSyncOverview, EisSyncRun } from '@zakupki/shared';
import type { EisConfirmationRow, EisSyncRunRow, EisSyncSettingsRow } from './eis-sync.repository.js';

export function toRun(r: EisSyncRunRow): EisSyncRun {
  return {
    id: r.id,
    trigger: r.trigger,
    status: r.status,
    outcome: r.outcome,
    day: r.day,
    progress: r.progress,
    counts: r.counts,
    errors: r.errors,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

export function toOverview(
  companyId: number,
  s: EisSyncSettingsRow | null,
  runs: EisSyncRunRow[],
): EisSyncOverview {
  return {
    company_id: companyId,
    token_set: Boolean(s?.tokenSecret),
    regions: s?.regions ?? [],
    state: s?.state ?? 'unknown',
    state_message: s?.stateMessage ?? null,
    checked_at: s?.checkedAt?.toISOString() ?? null,
    blocked_at: s?.blockedAt?.toISOString() ?? null,
    runs: runs.map(toRun),
  };
}

export function toConfirmation(r: EisConfirmationRow): EisConfirmation {
  return {
    entity: r.entity,
    entity_id: r.entityId,
    registration_number: r.registrationNumber,
    status: r.status,
    confirmed_on: r.confirmedOn,
    checked_at: r.checkedAt.toISOString(),
  };
}
