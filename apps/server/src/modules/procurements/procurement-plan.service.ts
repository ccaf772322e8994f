import { fromKopecks, type ProcurementFromPlanInput, toScaled } from '@zakupki/shared';
import type { z } from 'zod';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import { trimDecimal } from '../../lib/decimal.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned } from '../access/access.service.js';
import { type ProcurementIn, versionInForce } from './procurement-checks.js';
import * as planRepo from './procurement-positions.repository.js';
import { matchMethod, subjectKindOf } from './procurements.policy.js';
import * as repo from './procurements.repository.js';
import { createProcurement } from './procurements.service.js';

type FromPlanIn = z.output<typeof ProcurementFromPlanInput>;

/**
 * A draft from a position of an EIS plan (the plan as its newest version states it): subject,
 * НМЦД, one lot with the position's rows as items (without prices: the plan has none, except a
 * single row whose price follows from the НМЦД), SME and electronic flags, the planned date, the
 * customer by its ИНН, the method by its name among the methods of the Положение in force (in
 * the position's own electronic form or not), and the subject kind from the rows' ОКПД2.
 */
export async function createFromPlan(deps: AppDeps, actor: Actor, companyId: number, body: FromPlanIn) {
  const owners = await planRepo.positionOwners(deps.db, [body.plan_position_id]);
  await assertOwned(deps.db, actor, {
    entity: 'eis_plan_position',
    id: body.plan_position_id,
    owner: owners.get(body.plan_position_id),
    companyId,
    notFound: 'Позиция плана закупки не найдена',
  });
  const pos = (await planRepo.positionStates(deps.db, [body.plan_position_id])).get(body.plan_position_id);
  if (!pos) throw notFound('Позиция плана закупки не найдена');
  const pv = pos.pv;
  if (pos.annulled)
    throw conflict(`Позиция плана ${pos.number} аннулирована: закупку по ней объявить нельзя`);
  if (!pv.price)
    throw conflict(`У позиции плана ${pos.number} не указана НМЦД: закупку по ней создать нельзя`);
  const customer = pv.customerInn ? await repo.customerByInn(deps.db, companyId, pv.customerInn) : null;
  const version = await versionInForce(deps.db, companyId, customer, todayMoscow());
  let methodId = body.method_id ?? null;
  if (!methodId) {
    const allowed = [
      ...(
        await repo.entries(
          deps.db,
          version.methods.map((m) => m.method_id),
        )
      ).values(),
    ];
    methodId = matchMethod(pv.methodName ?? '', pv.smeOnly, allowed, pv.electronic);
    if (!methodId)
      throw invalid([
        {
          path: 'body.method_id',
          message: `Способ закупки позиции «${pv.methodName ?? pv.methodCode ?? 'не указан'}» не найден среди способов Положения «${version.ruleTitle}» (редакция № ${version.number}): выберите способ`,
        },
      ]);
  }
  const rows = pv.rows ?? [];
  const single = rows.length === 1 ? rows[0] : null;
  const price = pv.price;
  // one row: its unit price when the НМЦД divides by its (whole) quantity to the kopeck
  const unitPrice = (qty: string) => {
    if (!/^\d+$/.test(qty)) return '0';
    const k = toScaled(price, 2);
    const q = BigInt(qty);
    return q > 0n && k % q === 0n ? fromKopecks(k / q) : '0';
  };
  const input: ProcurementIn = {
    number: null,
    eis_notice_number: null,
    customer_id: customer?.id ?? null,
    method_id: methodId,
    subject: pv.subject,
    subject_type: subjectKindOf(rows.map((r) => r.okpd2_code)),
    nmcd: pv.price,
    nmcd_method_id: null,
    nmcd_justification: null,
    currency_code: pv.currency && /^[A-Z]{3}$/.test(pv.currency) ? pv.currency : 'RUB',
    funding_source_id: null,
    plan_position_id: pos.id,
    application_security: null,
    contract_security: null,
    sme_only: pv.smeOnly,
    electronic: pv.electronic ?? true,
    platform_name: null,
    platform_url: null,
    planned_publication_date: pv.plannedDate && pv.plannedDate >= todayMoscow() ? pv.plannedDate : null,
    published_on: null,
    bids_deadline: null,
    review_date: null,
    summing_up_date: null,
    lots: [
      {
        number: 1,
        subject: pv.subject,
        nmcd: pv.price,
        plan_position_id: null,
        items: rows.map((r) => {
          const quantity = r.qty && Number(r.qty) > 0 ? trimDecimal(r.qty) : '1';
          return {
            name: r.okpd2_name ?? r.additional_info ?? pv.subject,
            okpd2_code: r.okpd2_code,
            okei_code: r.okei_code && /^\d{3,4}$/.test(r.okei_code) ? r.okei_code : null,
            unit_name: r.okei_name,
            quantity,
            unit_price: single ? unitPrice(quantity) : '0',
            vat_rate: 'без НДС',
          };
        }),
      },
    ],
  };
  return createProcurement(deps, actor, companyId, input, {
    source: 'plan',
    comment: `По позиции плана закупки ${pos.number}`,
  });
}
