/**
 * The essential rules of the OCDS 1.1 release package schema and codelists that our packages must
 * keep (checked offline, before a package is stored, and in the tests): required fields, the ocid
 * prefix, RFC 3339 date-times, codelist values, identifiers that resolve (buyer, suppliers, payer,
 * payee to parties; awardID to an award), values as numbers with an ISO 4217 currency.
 * Not a full JSON Schema validation: see docs/exports.md.
 */

export const RELEASE_TAGS = [
  'planning',
  'planningUpdate',
  'tender',
  'tenderAmendment',
  'tenderUpdate',
  'tenderCancellation',
  'award',
  'awardUpdate',
  'awardCancellation',
  'contract',
  'contractUpdate',
  'contractAmendment',
  'implementation',
  'implementationUpdate',
  'contractTermination',
  'compiled',
];
export const PARTY_ROLES = [
  'buyer',
  'procuringEntity',
  'supplier',
  'tenderer',
  'funder',
  'enquirer',
  'payer',
  'payee',
  'reviewBody',
  'interestedParty',
];
const METHODS = ['open', 'selective', 'limited', 'direct'];
const AWARD_STATUSES = ['pending', 'active', 'cancelled', 'unsuccessful'];
const CONTRACT_STATUSES = ['pending', 'active', 'cancelled', 'terminated'];
const TENDER_STATUSES = [
  'planning',
  'planned',
  'active',
  'cancelled',
  'unsuccessful',
  'complete',
  'withdrawn',
];
const MILESTONE_STATUSES = ['scheduled', 'met', 'notMet', 'partiallyMet'];
const MILESTONE_TYPES = [
  'preProcurement',
  'approval',
  'engagement',
  'assessment',
  'delivery',
  'reporting',
  'financing',
];
/** The implementation-stage part of the documentType codelist (the only documents we write). */
const DOCUMENT_TYPES = [
  'completionCertificate',
  'contractSigned',
  'contractAnnexe',
  'physicalProgressReport',
  'finalAudit',
];

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

/** Problems of a package, each a Russian sentence with the JSON path; empty when it keeps the rules. */
export function validateOcdsPackage(pkg: unknown, ocidPrefix: string): string[] {
  const issues: string[] = [];
  const need = (ok: boolean, path: string, what: string) => {
    if (!ok) issues.push(`${path}: ${what}`);
  };
  const dateTime = (v: unknown, path: string, required = false) => {
    if (v === undefined && !required) return;
    need(
      typeof v === 'string' && DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)),
      path,
      'нужна дата-время RFC 3339 с часовым поясом',
    );
  };
  const value = (v: unknown, path: string) => {
    if (!isObj(v)) {
      need(false, path, 'нет суммы (value)');
      return;
    }
    need(
      typeof v.amount === 'number' && Number.isFinite(v.amount),
      `${path}.amount`,
      'сумма должна быть числом',
    );
    need(
      typeof v.currency === 'string' && /^[A-Z]{3}$/.test(v.currency),
      `${path}.currency`,
      'код валюты ISO 4217 из трёх букв',
    );
  };
  if (!isObj(pkg)) return ['пакет: ожидается объект JSON'];
  need(typeof pkg.uri === 'string' && /^[a-z][a-z0-9+.-]*:\S+$/i.test(pkg.uri), 'uri', 'нужен URI пакета');
  need(pkg.version === '1.1', 'version', 'версия стандарта должна быть "1.1"');
  dateTime(pkg.publishedDate, 'publishedDate', true);
  need(isObj(pkg.publisher) && str(pkg.publisher.name), 'publisher.name', 'не указан публикатор');
  const releases = arr(pkg.releases);
  need(releases.length > 0, 'releases', 'в пакете нет релизов');
  const seen = new Set<string>();
  releases.forEach((r, i) => {
    const at = `releases[${i}]`;
    const ocid = r.ocid;
    need(
      typeof ocid === 'string' && ocid.startsWith(`${ocidPrefix}-`) && /^ocds-[a-z0-9]+-\S+$/.test(ocid),
      `${at}.ocid`,
      `ocid должен начинаться с префикса ${ocidPrefix}-`,
    );
    need(str(r.id), `${at}.id`, 'нет идентификатора релиза');
    const key = `${String(ocid)}|${String(r.id)}`;
    need(!seen.has(key), `${at}.id`, 'идентификатор релиза повторяется');
    seen.add(key);
    dateTime(r.date, `${at}.date`, true);
    const tags = Array.isArray(r.tag) ? (r.tag as unknown[]) : [];
    need(
      tags.length > 0 && tags.every((t) => RELEASE_TAGS.includes(String(t))),
      `${at}.tag`,
      'метки релиза из кодификатора releaseTag',
    );
    need(r.initiationType === 'tender', `${at}.initiationType`, 'должно быть "tender"');
    const parties = arr(r.parties);
    const roles = new Map<string, string[]>();
    parties.forEach((p, j) => {
      const pat = `${at}.parties[${j}]`;
      need(
        str(p.id) && !roles.has(String(p.id)),
        `${pat}.id`,
        'идентификатор участника пуст или повторяется',
      );
      need(str(p.name), `${pat}.name`, 'нет наименования');
      const id = isObj(p.identifier) ? p.identifier : {};
      need(
        id.scheme === 'RU-INN' && /^(\d{10}|\d{12})$/.test(String(id.id)),
        `${pat}.identifier`,
        'идентификатор RU-INN из 10 или 12 цифр',
      );
      const pr = Array.isArray(p.roles) ? (p.roles as string[]) : [];
      need(
        pr.length > 0 && pr.every((x) => PARTY_ROLES.includes(x)),
        `${pat}.roles`,
        'роли из кодификатора partyRole',
      );
      roles.set(String(p.id), pr);
    });
    const ref = (v: unknown, role: string, path: string) => {
      const id = isObj(v) ? String(v.id) : '';
      need((roles.get(id) ?? []).includes(role), path, `ссылка на участника с ролью ${role}`);
    };
    ref(r.buyer, 'buyer', `${at}.buyer`);
    const tender = isObj(r.tender) ? r.tender : null;
    if (tender) {
      need(str(tender.id), `${at}.tender.id`, 'нет идентификатора закупки');
      if (tender.procurementMethod !== undefined) {
        need(
          METHODS.includes(String(tender.procurementMethod)),
          `${at}.tender.procurementMethod`,
          'open, selective, limited или direct',
        );
      }
      // optional in the standard; our releases always carry it (goods, works or services)
      need(
        ['goods', 'works', 'services'].includes(String(tender.mainProcurementCategory)),
        `${at}.tender.mainProcurementCategory`,
        'goods, works или services',
      );
      if (tender.status !== undefined)
        need(
          TENDER_STATUSES.includes(String(tender.status)),
          `${at}.tender.status`,
          'статус из кодификатора tenderStatus',
        );
    }
    const awardIds = new Set<string>();
    arr(r.awards).forEach((a, j) => {
      const aat = `${at}.awards[${j}]`;
      need(
        str(a.id) && !awardIds.has(String(a.id)),
        `${aat}.id`,
        'идентификатор решения пуст или повторяется',
      );
      awardIds.add(String(a.id));
      need(AWARD_STATUSES.includes(String(a.status)), `${aat}.status`, 'статус из кодификатора awardStatus');
      dateTime(a.date, `${aat}.date`);
      if (a.value !== undefined) value(a.value, `${aat}.value`);
      arr(a.suppliers).forEach((s, k) => {
        ref(s, 'supplier', `${aat}.suppliers[${k}]`);
      });
    });
    arr(r.contracts).forEach((c, j) => {
      const cat = `${at}.contracts[${j}]`;
      need(str(c.id), `${cat}.id`, 'нет идентификатора договора');
      need(awardIds.has(String(c.awardID)), `${cat}.awardID`, 'ссылка на решение (award) этого релиза');
      need(
        CONTRACT_STATUSES.includes(String(c.status)),
        `${cat}.status`,
        'статус из кодификатора contractStatus',
      );
      if (c.value !== undefined) value(c.value, `${cat}.value`);
      dateTime(c.dateSigned, `${cat}.dateSigned`);
      const period = isObj(c.period) ? c.period : {};
      dateTime(period.startDate, `${cat}.period.startDate`);
      dateTime(period.endDate, `${cat}.period.endDate`);
      if (typeof period.startDate === 'string' && typeof period.endDate === 'string') {
        need(
          Date.parse(period.startDate) <= Date.parse(period.endDate),
          `${cat}.period`,
          'окончание раньше начала',
        );
      }
      arr(c.items).forEach((it, k) => {
        const iat = `${cat}.items[${k}]`;
        need(str(it.id), `${iat}.id`, 'нет идентификатора позиции');
        if (it.classification !== undefined) {
          const cl = isObj(it.classification) ? it.classification : {};
          need(
            cl.scheme === 'OKPD2' && str(cl.id),
            `${iat}.classification`,
            'классификация по схеме OKPD2 с кодом',
          );
        }
        need(
          typeof it.quantity === 'number' && (it.quantity as number) >= 0,
          `${iat}.quantity`,
          'количество — неотрицательное число',
        );
        const unit = isObj(it.unit) ? it.unit : {};
        if (unit.scheme !== undefined)
          need(unit.scheme === 'OKEI' && str(unit.id), `${iat}.unit`, 'единица по схеме OKEI с кодом');
        if (unit.value !== undefined) value(unit.value, `${iat}.unit.value`);
      });
      const impl = isObj(c.implementation) ? c.implementation : {};
      arr(impl.transactions).forEach((t, k) => {
        const tat = `${cat}.implementation.transactions[${k}]`;
        need(str(t.id), `${tat}.id`, 'нет идентификатора платежа');
        dateTime(t.date, `${tat}.date`, true);
        value(t.value, `${tat}.value`);
        ref(t.payer, 'payer', `${tat}.payer`);
        ref(t.payee, 'payee', `${tat}.payee`);
      });
      arr(impl.milestones).forEach((m, k) => {
        const mat = `${cat}.implementation.milestones[${k}]`;
        need(str(m.id), `${mat}.id`, 'нет идентификатора этапа');
        need(MILESTONE_TYPES.includes(String(m.type)), `${mat}.type`, 'тип из кодификатора milestoneType');
        need(
          MILESTONE_STATUSES.includes(String(m.status)),
          `${mat}.status`,
          'статус из кодификатора milestoneStatus',
        );
        dateTime(m.dateMet, `${mat}.dateMet`);
        arr(m.documents).forEach((d, n) => {
          const dat = `${mat}.documents[${n}]`;
          need(str(d.id), `${dat}.id`, 'нет идентификатора документа');
          need(
            DOCUMENT_TYPES.includes(String(d.documentType)),
            `${dat}.documentType`,
            'тип документа из кодификатора documentType',
          );
          dateTime(d.datePublished, `${dat}.datePublished`);
        });
      });
      arr(c.amendments).forEach((a, k) => {
        need(str(a.id), `${cat}.amendments[${k}].id`, 'нет идентификатора изменения');
        dateTime(a.date, `${cat}.amendments[${k}].date`, true);
      });
    });
  });
  return issues;
}
