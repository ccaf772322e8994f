import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { moscowInstant, todayMoscow } from '../../../lib/moscow-time.js';
import type { PdfConverter } from '../../../lib/pdf/pdf-converter.types.js';
import { productionCalendar } from '../../../modules/calendar/production-calendar.js';
import { generateOne } from '../../../modules/procurement-documents/document-generation.service.js';
import { documentationModel } from '../../../modules/procurement-documents/procurement-documents.service.js';
import { refreshProcurementDuties } from '../../../modules/procurements/procurements-query.service.js';
import type { Actor, AppDeps } from '../../../types.js';
import type { Db, Tx } from '../../client.js';
import {
  catalogEntries,
  contractItems,
  contracts,
  customers,
  eisPlanPositions,
  eisPlanPositionVersions,
  procurementEvents,
  procurementFieldValues,
  procurementItems,
  procurementLots,
  procurementProtocols,
  procurementRuleVersions,
  procurements,
} from '../../schema/index.js';
import type { DemoIds } from './demo.seed.js';

/**
 * Demo procurements (docs/procurements.md): each demo client company has one procurement in every
 * status, pinned to the Положение version in force on the day it was created, with its lots and
 * items, dates on the production calendar (the notice period of its method), protocols, the
 * history of every status move, and the documentation of every procurement past the draft
 * generated from the demo Положение's DOCX templates (no PDF at seed time). The concluded one is
 * linked to a recent contract of the register; the published one was created from a plan position.
 */

import { FIRE, type Item, PAYMENT, SPECS, type Spec, type Status, VAT } from './procurements.demo-data.js';
import { PATH, protocolPlacedOn, timeline } from './procurements.demo-dates.js';

const kop = (s: string) => Math.round(Number(s) * 100);
const rub = (k: number) => (k / 100).toFixed(2);
const at = (day: string, time = '12:00') => moscowInstant(`${day}T${time}:00`);

const NO_PDF: PdfConverter = {
  unavailableReason: async () => 'PDF не формируется при заполнении демонстрационных данных',
  toPdf: async () => {
    throw new Error('PDF не формируется при заполнении демонстрационных данных');
  },
} as unknown as PdfConverter;
const SILENT = { warn: () => undefined } as unknown as AppDeps['log'];

/** The concluded procurement: the company's latest concluded contract of a method of its Положение. */
async function concludedSpec(tx: Tx, companyId: number, methods: string[]) {
  const [c] = await tx
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.companyId, companyId),
        eq(contracts.law, '223'),
        eq(contracts.status, 'concluded'),
        inArray(contracts.procurementMethodCode, methods),
        isNull(contracts.procurementId),
      ),
    )
    .orderBy(desc(contracts.contractDate), desc(contracts.id))
    .limit(1);
  if (!c) return null;
  const lines = await tx
    .select()
    .from(contractItems)
    .where(eq(contractItems.contractId, c.id))
    .orderBy(asc(contractItems.lineNo));
  // the НМЦД was above the price the winner offered: 6 % more per unit
  const items: Item[] = lines.map((l) => [
    l.name,
    l.okpd2Code ?? '',
    l.okeiCode ?? '',
    l.unitName ?? '',
    l.quantity,
    (Math.round(Number(l.price) * 106) / 100).toFixed(2),
  ]);
  const spec: Spec = {
    status: 'contract_concluded',
    method: c.procurementMethodCode as string,
    subject: c.subject,
    subjectType: /^поставка/i.test(c.subject) ? 'goods' : /работ/i.test(c.subject) ? 'works' : 'services',
    position: null,
    lots: [{ subject: c.subject, items }],
    delivery: {
      term: 'В течение 30 календарных дней с даты заключения договора',
      warranty: '12',
      payment: PAYMENT,
    },
  };
  return { spec, contract: c };
}

async function catalogIds(tx: Tx) {
  const rows = await tx
    .select({
      id: catalogEntries.id,
      kind: catalogEntries.kind,
      typeCode: catalogEntries.typeCode,
      code: catalogEntries.code,
      extra: catalogEntries.extra,
    })
    .from(catalogEntries)
    .where(isNull(catalogEntries.companyId));
  const methodOf = (code: string) => rows.find((r) => r.kind === 'method' && r.code === code);
  return {
    method: (code: string) => methodOf(code)?.id ?? null,
    /** the method's flags, for modules/law to classify it */
    methodFlags: (code: string) => (methodOf(code)?.extra ?? {}) as Record<string, unknown>,
    generic: (type: number, code: string) =>
      rows.find((r) => r.kind === 'generic' && r.typeCode === type && r.code === code)?.id ?? null,
  };
}

/** The company's plan positions of its latest plan version: id, number, subject. */
async function planPositions(tx: Tx, companyId: number) {
  const rows = await tx
    .select({
      id: eisPlanPositions.id,
      number: eisPlanPositions.number,
      subject: eisPlanPositionVersions.subject,
      status: eisPlanPositionVersions.status,
      versionId: eisPlanPositionVersions.versionId,
    })
    .from(eisPlanPositions)
    .innerJoin(eisPlanPositionVersions, eq(eisPlanPositionVersions.positionId, eisPlanPositions.id))
    .where(eq(eisPlanPositions.companyId, companyId))
    .orderBy(desc(eisPlanPositionVersions.versionId));
  const latest = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.id)) latest.set(r.id, r);
  return [...latest.values()].sort((a, b) => a.id - b.id);
}

/**
 * Seeds the demo procurements of both client companies inside the demo seed's transaction (after
 * the contracts, the procurement rules and the plans). Returns the ids made, per company.
 * `documents: false` leaves out the generated documentation (the server tests' harness: about
 * 2 s a file), `true` is what a start seeds.
 */
export async function seedDemoProcurements(
  tx: Tx,
  ids: DemoIds,
  opts: { documents: boolean } = { documents: true },
): Promise<Record<string, number[]>> {
  const today = todayMoscow();
  const cal = productionCalendar();
  const cat = await catalogIds(tx);
  const userId = ids.users['specialist@demo.local'] ?? null;
  const actor = { userId, role: 'specialist', login: 'specialist@demo.local' } as Actor;
  const deps = { db: tx as Db, pdf: NO_PDF, log: SILENT };
  const out: Record<string, number[]> = {};
  for (const [n, key] of (['client1', 'client2'] as const).entries()) {
    const companyId = ids.companies[key];
    const versions = await tx
      .select()
      .from(procurementRuleVersions)
      .where(eq(procurementRuleVersions.companyId, companyId))
      .orderBy(asc(procurementRuleVersions.number));
    if (versions.length === 0) continue; // no demo Положение (no reference catalogues)
    const [customer] = await tx.select().from(customers).where(eq(customers.companyId, companyId)).limit(1);
    const positions = await planPositions(tx, companyId);
    const positionOf = (subject: string | null) =>
      subject ? (positions.find((p) => p.subject.startsWith(subject) && p.status !== 'A') ?? null) : null;
    const methodCodes = ['e_tender', 'e_auction', 'e_quotation', 'e_proposal'];
    const concluded = await concludedSpec(tx, companyId, methodCodes);
    const specs = [...SPECS];
    if (concluded) specs.splice(5, 0, concluded.spec);
    out[key] = [];
    // timelines first: numbers are given in the order the procurements were created
    const planned = specs
      .map((s) => {
        const methodId = cat.method(s.method);
        const period = versions[versions.length - 1].methods.find((m) => m.method_id === methodId);
        if (!methodId || !period) return null;
        const contractDate =
          s.status === 'contract_concluded' ? (concluded?.contract.contractDate ?? null) : null;
        const method = { flags: cat.methodFlags(s.method), version: period };
        return { s, methodId, t: timeline(cal, today, s.status, method, contractDate) };
      })
      .filter((x) => x !== null)
      .sort((a, b) => (a.t.created < b.t.created ? -1 : a.t.created > b.t.created ? 1 : 0));
    const perYear = new Map<string, number>();
    for (const [i, { s, methodId, t }] of planned.entries()) {
      const year = t.created.slice(0, 4);
      perYear.set(year, (perYear.get(year) ?? 0) + 1);
      // the version in force on the day of creation (the later one where both could be)
      const version =
        [...versions]
          .reverse()
          .find(
            (v) =>
              (v.effectiveFrom ?? '') <= t.created && (v.effectiveTo === null || v.effectiveTo >= t.created),
          ) ?? versions[versions.length - 1];
      const position =
        s.status === 'contract_concluded' && concluded?.contract.planPositionNumber
          ? (positions.find((p) => p.number === concluded.contract.planPositionNumber) ?? positionOf(FIRE))
          : positionOf(s.position);
      // the water utility buys a little more of what is bought by volume (within its plan positions)
      const factor = n === 0 ? 1 : 1.15;
      const lots = s.lots.map((l) => ({
        subject: l.subject,
        items: l.items.map(([name, okpd2, okei, unit, qty, price]) => {
          const quantity =
            s.status === 'contract_concluded' || Number(qty) < 100
              ? qty
              : String(Math.round(Number(qty) * factor));
          return {
            name,
            okpd2,
            okei,
            unit,
            quantity,
            price,
            amountK: Math.round(kop(price) * Number(quantity)),
          };
        }),
      }));
      const lotSums = lots.map((l) => l.items.reduce((a, b) => a + b.amountK, 0));
      const nmcdK = lotSums.reduce((a, b) => a + b, 0);
      const number = `З-${year}-${String(perYear.get(year)).padStart(3, '0')}`;
      const notice = t.published
        ? `3${t.published.slice(2, 4)}${String(companyId).padStart(2, '0')}${String(700 + i).padStart(6, '0')}`
        : null;
      const [p] = await tx
        .insert(procurements)
        .values({
          companyId,
          number,
          eisNoticeNumber: notice,
          eisVersion: notice ? 1 : null,
          eisUrl: notice
            ? `https://zakupki.gov.ru/epz/order/notice/notice223/common-info.html?noticeInfoId=${notice}`
            : null,
          customerId: customer?.id ?? null,
          ruleVersionId: version.id,
          methodId,
          subject: s.subject,
          subjectType: s.subjectType,
          nmcd: rub(nmcdK),
          nmcdMethodId: cat.generic(1, '1'),
          nmcdJustification:
            'НМЦД определена методом сопоставимых рыночных цен (анализа рынка) по трём коммерческим предложениям поставщиков',
          fundingSourceId: cat.generic(8, '2'),
          planPositionId: position?.id ?? null,
          applicationSecurity: rub(Math.round(nmcdK * 0.02)),
          contractSecurity: rub(Math.round(nmcdK * 0.05)),
          smeOnly: false,
          electronic: true,
          platformName: 'АО «Сбербанк-АСТ»',
          platformUrl: 'https://www.sberbank-ast.ru',
          plannedPublicationDate: t.planned,
          publishedOn: t.published,
          bidsDeadline: t.deadline,
          reviewDate: t.review,
          summingUpDate: t.summing,
          status: s.status,
          source: s.fromPlan ? 'plan' : 'manual',
          revision: PATH[s.status].length,
          createdBy: userId,
          updatedBy: userId,
          createdAt: at(t.created, '10:00'),
          updatedAt: at(t.closed ?? t.docs ?? t.created, '15:00'),
        })
        .returning({ id: procurements.id });
      out[key].push(p.id);
      for (const [li, l] of lots.entries()) {
        const [lot] = await tx
          .insert(procurementLots)
          .values({
            procurementId: p.id,
            number: li + 1,
            subject: l.subject,
            nmcd: rub(lotSums[li]),
            planPositionId: position?.id ?? null,
          })
          .returning({ id: procurementLots.id });
        await tx.insert(procurementItems).values(
          l.items.map((it, k) => ({
            lotId: lot.id,
            lineNo: k + 1,
            name: it.name,
            okpd2Code: it.okpd2,
            okeiCode: it.okei,
            unitName: it.unit,
            quantity: it.quantity,
            unitPrice: it.price,
            vatRate: VAT,
            amount: rub(it.amountK),
          })),
        );
      }
      // protocols of the later statuses; the concluded one has its final protocol with the winner
      const protocols: (typeof procurementProtocols.$inferInsert)[] = [];
      const protocol = (kind: 'opening' | 'review' | 'summing_up', signed: string, final = false) => ({
        procurementId: p.id,
        kind,
        final,
        signedOn: signed,
        publishedOn: protocolPlacedOn(cal, signed) <= today ? protocolPlacedOn(cal, signed) : null,
        eisRegistrationNumber: null,
        lotNumber: null,
      });
      if (s.status === 'summing_up' && t.deadline && t.review) {
        protocols.push(protocol('opening', t.deadline), protocol('review', t.review));
      }
      if (s.status === 'failed' && t.deadline)
        protocols.push({
          ...protocol('summing_up', t.deadline, true),
          applications: [], // no application was filed
        });
      if (s.status === 'contract_concluded' && concluded && t.deadline && t.review && t.summing)
        protocols.push(protocol('opening', t.deadline), protocol('review', t.review), {
          ...protocol('summing_up', t.summing, true),
          winnerName: concluded.contract.supplierName,
          winnerInn: concluded.contract.supplierInn,
          winnerPrice: concluded.contract.price,
        });
      if (protocols.length) await tx.insert(procurementProtocols).values(protocols);
      // the values of the form the templates need and nothing prefills
      await tx.insert(procurementFieldValues).values({
        procurementId: p.id,
        values: {
          delivery_term: s.delivery.term,
          delivery_place: customer?.address ?? 'По месту нахождения заказчика',
          warranty_months: s.delivery.warranty,
          payment_term: s.delivery.payment,
        },
        updatedBy: userId,
        updatedAt: at(t.docs ?? t.created, '11:00'),
      });
      // the history: created, every status move, protocols
      const moves = PATH[s.status];
      const dayOf: Record<Status, string | null> = {
        draft: t.created,
        documentation_ready: t.docs,
        published: t.published,
        bids_closed: t.deadline,
        summing_up: t.review,
        contract_concluded: t.closed,
        cancelled: t.closed,
        failed: t.closed,
      };
      const events: (typeof procurementEvents.$inferInsert)[] = [
        {
          procurementId: p.id,
          kind: 'created',
          userId,
          comment: s.fromPlan && position ? `Создана по позиции плана закупки № ${position.number}` : null,
          at: at(t.created, '10:00'),
        },
      ];
      for (let k = 1; k < moves.length; k++)
        events.push({
          procurementId: p.id,
          kind: 'status',
          fromStatus: moves[k - 1],
          toStatus: moves[k],
          userId,
          comment:
            moves[k] === 'cancelled'
              ? 'Отменена решением закупочной комиссии: изменилась потребность, закупка будет проведена запросом предложений'
              : moves[k] === 'failed'
                ? 'Признана несостоявшейся: не подано ни одной заявки'
                : moves[k] === 'published'
                  ? `Извещение № ${notice} размещено в ЕИС`
                  : null,
          at: at(dayOf[moves[k]] ?? t.created, '16:00'),
        });
      for (const pr of protocols)
        events.push({
          procurementId: p.id,
          kind: 'protocol',
          userId,
          comment: `Протокол ${pr.kind === 'opening' ? 'вскрытия заявок' : pr.kind === 'review' ? 'рассмотрения заявок' : 'подведения итогов'} от ${pr.signedOn}`,
          at: at(pr.signedOn, '17:00'),
        });
      await tx.insert(procurementEvents).values(events);
      // the documentation of every procurement past the draft, filled from the demo templates
      if (s.status !== 'draft' && opts.documents) {
        const m = await documentationModel(tx as Db, p.id);
        for (const d of m.documents) {
          if (!d.rule.templateFileId) continue;
          await generateOne(deps, actor, m, d.rule.id, ['docx'], `demo-seed-${p.id}`);
        }
        await tx.insert(procurementEvents).values({
          procurementId: p.id,
          kind: 'documents',
          userId,
          comment: `Сформированы документы: ${m.documents.map((d) => `«${d.rule.title}»`).join(', ')}`,
          at: at(t.docs ?? t.created, '15:00'),
        });
      }
      if (s.status === 'contract_concluded' && concluded)
        await tx
          .update(contracts)
          .set({ procurementId: p.id, noticeNumber: notice })
          .where(eq(contracts.id, concluded.contract.id));
    }
  }
  // the register's nearest duty of every demo procurement, as a write through the API keeps it
  await refreshProcurementDuties(tx, Object.values(out).flat());
  return out;
}
