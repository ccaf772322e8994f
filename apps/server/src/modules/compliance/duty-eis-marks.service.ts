import type { ComplianceDuty, DutyEisStatus } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../types.js';

/**
 * What the EIS shows of the objects the duties name (a plan, a notice, a contract, by their
 * registration number). The calendar does not read the EIS itself: the module that checks the
 * registration numbers (modules/eis-sync, above this one) declares the reader (`dutyEisMarks` of
 * its `defineModule`), read here from `deps.declared`. Without it, every duty's mark is null.
 */
export type DutyEisEntity = 'eis_plan' | 'procurement' | 'contract';
export type DutyEisMark = { entity: DutyEisEntity; entityId: number; status: DutyEisStatus; on: string };
/** The marks of the companies' objects among `objects` (pending ones are left out). */
export type DutyEisMarkReader = (
  db: Tx,
  companyIds: number[],
  objects: { entity: DutyEisEntity; entityId: number }[],
) => Promise<DutyEisMark[]>;

const ENTITY_OF: Partial<Record<ComplianceDuty['object']['type'], DutyEisEntity>> = {
  plan: 'eis_plan',
  procurement: 'procurement',
  contract: 'contract',
};

const keyOf = (entity: DutyEisEntity, id: number) => `${entity}:${id}`;

/** The duties with their object's EIS mark (`eis_status`, `eis_status_on`). */
export async function withEisMarks(deps: AppDeps, duties: ComplianceDuty[]): Promise<ComplianceDuty[]> {
  const read = deps.declared.dutyEisMarks;
  if (!read || duties.length === 0) return duties;
  const objects = new Map<string, { entity: DutyEisEntity; entityId: number }>();
  for (const d of duties) {
    const entity = ENTITY_OF[d.object.type];
    if (entity && d.object.id !== null)
      objects.set(keyOf(entity, d.object.id), { entity, entityId: d.object.id });
  }
  if (objects.size === 0) return duties;
  const companyIds = [...new Set(duties.map((d) => d.company_id))];
  const marks = new Map(
    (await read(deps.db, companyIds, [...objects.values()])).map((m) => [keyOf(m.entity, m.entityId), m]),
  );
  return duties.map((d) => {
    const entity = ENTITY_OF[d.object.type];
    const mark = entity && d.object.id !== null ? marks.get(keyOf(entity, d.object.id)) : undefined;
    return mark ? { ...d, eis_status: mark.status, eis_status_on: mark.on } : d;
  });
}
