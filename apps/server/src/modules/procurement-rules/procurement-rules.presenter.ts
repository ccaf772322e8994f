import type {
  DocumentCondition,
  DocumentsRule,
  ProcurementRule,
  RuleDuty,
  RuleVersion,
} from '@zakupki/shared';
import { todayMoscow } from '../../lib/moscow-time.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { DEFAULT_DEADLINE_CONFIG } from '../law/deadline-rules.js';
import { DEFAULT_NMCK_VERSION_SETTINGS } from '../law/law-nmck-methods.js';
import { inForce, ruleDeleteRefusal, versionDuty } from './procurement-rules.policy.js';
import type { DocRuleWithKind, RuleRow, VersionWithFile } from './procurement-rules.repository.js';

/** Rows of the procurement-rules module as the API returns them. */

const trim = (v: string | null) => (v === null ? null : v.replace(/\.00$/, ''));

export function dutyOf(v: VersionWithFile, today = todayMoscow()): RuleDuty | null {
  return versionDuty(v, today, productionCalendar(), DEFAULT_DEADLINE_CONFIG.dueSoonWorkingDays);
}

export function presentVersion(
  v: VersionWithFile,
  methodNames: Map<number, { code: string; title: string }>,
  today = todayMoscow(),
): RuleVersion {
  return {
    id: v.id,
    rule_id: v.ruleId,
    company_id: v.companyId,
    number: v.number,
    status: v.status,
    in_force: inForce(v, today),
    approving_body: v.approvingBody,
    decision_number: v.decisionNumber,
    decision_date: v.decisionDate,
    effective_from: v.effectiveFrom,
    effective_to: v.effectiveTo,
    eis_published_on: v.eisPublishedOn,
    eis_registration_number: v.eisRegistrationNumber,
    file_id: v.fileId,
    file_name: v.fileName,
    changes_summary: v.changesSummary,
    methods: v.methods.map((m) => ({
      ...m,
      method_code: methodNames.get(m.method_id)?.code ?? '',
      method_title: methodNames.get(m.method_id)?.title ?? `Способ № ${m.method_id}`,
    })),
    plan_threshold: trim(v.planThreshold) as string,
    plan_threshold_large: trim(v.planThresholdLarge) as string,
    sme_ceiling: trim(v.smeCeiling),
    nmck_settings: v.nmckSettings ?? DEFAULT_NMCK_VERSION_SETTINGS,
    based_on_version_id: v.basedOnVersionId,
    documents_rules_count: v.docsCount,
    duty: dutyOf(v, today),
    created_at: v.createdAt.toISOString(),
    updated_at: v.updatedAt.toISOString(),
  };
}

/** The nearest open duty among versions, else null. */
export function nearestDuty(versions: VersionWithFile[], today = todayMoscow()): RuleDuty | null {
  const open = versions
    .map((v) => dutyOf(v, today))
    .filter((d): d is RuleDuty => d !== null && d.done_on === null)
    .sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : 0));
  return open[0] ?? null;
}

export function presentRule(
  r: RuleRow,
  versions: VersionWithFile[],
  customerTitles: Map<number, string>,
  copies: number,
  today = todayMoscow(),
): ProcurementRule {
  const current = versions.find((v) => inForce(v, today)) ?? null;
  const latest = versions[0] ?? null;
  return {
    id: r.id,
    company_id: r.companyId,
    title: r.title,
    status: (current ?? latest)?.status ?? 'draft',
    customer_ids: r.customerIds,
    customers: r.customerIds.map((id) => ({ id, title: customerTitles.get(id) ?? `Заказчик № ${id}` })),
    archived: r.archivedAt !== null,
    versions_count: versions.length,
    current_version: current
      ? {
          id: current.id,
          number: current.number,
          status: current.status,
          effective_from: current.effectiveFrom,
          eis_registration_number: current.eisRegistrationNumber,
        }
      : null,
    latest_version: latest ? { id: latest.id, number: latest.number, status: latest.status } : null,
    duty: nearestDuty(versions, today),
    copied_from_rule_id: r.copiedFromRuleId,
    // the same check the delete route makes
    can_delete:
      ruleDeleteRefusal(
        r.title,
        versions.map((v) => v.status),
        copies,
      ) === null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function presentDocRule(d: DocRuleWithKind): DocumentsRule {
  return {
    id: d.id,
    version_id: d.versionId,
    method_id: d.methodId,
    position: d.position,
    document_kind_id: d.documentKindId,
    document_kind_title: d.kindTitle,
    title: d.title,
    required: d.required,
    formats: d.formats,
    condition: d.condition as DocumentCondition | null,
    template_file_id: d.templateFileId,
    template_name: d.templateName,
    template_tags: d.templateTags,
    updated_at: d.updatedAt.toISOString(),
  };
}
