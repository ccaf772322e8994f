import { type ComplianceDuty, EIS_REGISTRATION_NUMBER } from '@zakupki/shared';
import { conflict, invalid } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { requireCompany } from '../access/access.service.js';
import { recordPublication } from '../contracts/contract-status.service.js';
import { publishVersion } from '../procurement-rules/procurement-rules.service.js';
import { changeStatus, updateProtocol } from '../procurements/procurement-status.service.js';
import * as repo from './compliance.repository.js';

/**
 * A duty marked done on the calendar is recorded by the module that owns its object, the same as
 * on the object's own card, so the card shows it done too (docs/domain.md «The compliance
 * calendar»): a contract's placement (`recordPublication`), a protocol's placement
 * (`updateProtocol`), a notice placed (the procurement moves to «Извещение размещено» on that day),
 * a Положение version placed (`publishVersion`), each under the owning module's write permission
 * (403 without it). A duty its module already sees done keeps the module's date; the calendar's
 * mark then only keeps the EIS number.
 */
export async function recordOnOwner(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  duty: ComplianceDuty,
  mark: { done_on: string; eis_number: string },
): Promise<void> {
  const parts = duty.key.split(':');
  if (duty.mark === 'contract_publication') {
    const [, contractId, , eventId] = parts;
    await recordPublication(deps, actor, companyId, Number(contractId), {
      event_id: eventId ? Number(eventId) : null,
      eis_published_at: mark.done_on,
    });
    return;
  }
  if (duty.done_on) return;
  // the owning module's write permission, as its own card's route asks it
  if (parts[0] === 'procurement') await requireCompany(deps.db, actor, companyId, 'procurements.write');
  if (parts[0] === 'rules_version') await requireCompany(deps.db, actor, companyId, 'rules.write');
  if (parts[0] === 'procurement' && parts[2] === 'protocol') {
    await updateProtocol(deps, actor, companyId, Number(parts[1]), Number(parts[3]), {
      published_on: mark.done_on,
      eis_registration_number: mark.eis_number,
    });
  } else if (parts[0] === 'procurement' && parts[2] === 'notice') {
    const id = Number(parts[1]);
    const p = await repo.procurementState(deps.db, companyId, id);
    if (p && !p.publishedOn) {
      if (p.status !== 'documentation_ready')
        throw conflict(
          'Извещение размещается переводом закупки в статус «Извещение размещено»: сначала подготовьте документацию на карточке закупки',
        );
      await changeStatus(deps, actor, companyId, id, {
        status: 'published',
        date: mark.done_on,
        reason: null,
      });
    }
  } else if (parts[0] === 'rules_version') {
    const v = await repo.versionOwner(deps.db, companyId, Number(parts[1]));
    if (v?.status === 'approved') {
      if (!EIS_REGISTRATION_NUMBER.test(mark.eis_number))
        throw invalid([
          { path: 'body.eis_number', message: 'Регистрационный номер положения в ЕИС — от 5 до 30 цифр' },
        ]);
      await publishVersion(deps, actor, companyId, v.ruleId, Number(parts[1]), {
        eis_published_on: mark.done_on,
        eis_registration_number: mark.eis_number,
      });
    }
  }
}
