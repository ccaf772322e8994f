import {
  type Contract,
  type ContractCreateInput,
  type ContractUpdateInput,
  ContractValuesInput,
  contractValuesOf,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { conflict, duplicate, invalid } from '../../lib/app-error.js';
import { keptOver } from '../../lib/kept-fields.js';
import { moscowDay, todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { refreshProcurementDuties } from '../procurements/procurements-query.service.js';
import { loadContract, loadContractData } from './contract-card.service.js';
import { saveItems, saveStagesAndTerms } from './contract-children.js';
import { refreshContractDuties } from './contract-duties.service.js';
import { insertContractEvent } from './contract-events.repository.js';
import {
  auditForeignReferences,
  checkCatalogEntries,
  checkProcurement,
  checkTariff,
  type MethodColumns,
} from './contract-references.js';
import { assertContractOf, commitVersion } from './contract-versions.js';
import { editProblem, FIELD_TITLES, materialChanges, parsePublishedAt } from './contracts.policy.js';
import * as repo from './contracts.repository.js';

type CreateIn = z.output<typeof ContractCreateInput>;
type EditIn = z.output<typeof ContractUpdateInput>;
type CommonIn = Omit<CreateIn, 'status'>;

/** The customer of the contract: a заказчик of the company, the one typed in, or the company itself. */
async function resolveCustomer(tx: Tx, companyId: number, body: CommonIn) {
  if (body.customer_id) {
    const c = await repo.companyCustomer(tx, companyId, body.customer_id);
    if (!c) {
      throw invalid([
        { path: 'body.customer_id', message: 'Такого заказчика нет среди заказчиков компании' },
      ]);
    }
    return { customerId: c.id, customerName: c.title, customerInn: c.inn, customerKpp: c.kpp };
  }
  if (body.customer_inn) {
    return {
      customerId: null,
      customerName: body.customer_name ?? '',
      customerInn: body.customer_inn,
      customerKpp: body.customer_kpp,
    };
  }
  const co = await repo.companyRow(tx, companyId);
  return {
    customerId: null,
    customerName: co.fullTitle ?? co.title ?? co.inn,
    customerInn: co.inn,
    customerKpp: co.kpp,
  };
}

/** Registry number and guid are unique within a company. */
async function checkUnique(tx: Tx, companyId: number, body: CommonIn, selfId: number | null) {
  const probes = [
    ['eis_registry_number', body.eis_registry_number, 'реестровым номером'],
    ['eis_guid', body.eis_guid, 'GUID ЕИС'],
  ] as const;
  for (const [field, value, words] of probes) {
    if (!value) continue;
    const other = await repo.contractWith(tx, companyId, field, value, selfId);
    if (other) {
      throw duplicate(
        `Договор с ${words} ${value} уже есть в реестре: № ${other.number} от ${formatRuDate(other.date)}`,
        { field, contract_id: other.id },
      );
    }
  }
}

/** Dates that depend on today: a concluded contract is not from the future, EIS placement neither. */
function checkDates(body: CommonIn, status: string) {
  const today = todayMoscow();
  const issues: { path: string; message: string }[] = [];
  if (status !== 'draft' && body.contract_date > today) {
    issues.push({
      path: 'body.contract_date',
      message: `Дата заключения ${formatRuDate(body.contract_date)} ещё не наступила: такой договор может быть только проектом`,
    });
  }
  if (body.eis_published_at) {
    if (status === 'draft' || status === 'cancelled') {
      issues.push({
        path: 'body.eis_published_at',
        message: 'Проект договора не размещается в ЕИС: сначала переведите договор в статус «Заключен»',
      });
    }
    const published = parsePublishedAt(body.eis_published_at);
    if (Number.isNaN(published.getTime())) {
      issues.push({ path: 'body.eis_published_at', message: 'Неверная дата размещения в ЕИС' });
    } else {
      const day = moscowDay(published);
      if (day > today) {
        issues.push({
          path: 'body.eis_published_at',
          message: 'Дата размещения в ЕИС не может быть в будущем',
        });
      } else if (day < body.contract_date) {
        issues.push({
          path: 'body.eis_published_at',
          message: 'Сведения не могут быть размещены в ЕИС раньше даты заключения договора',
        });
      }
    }
  }
  if (issues.length) throw invalid(issues);
}

function columns(
  body: CommonIn,
  customer: Awaited<ReturnType<typeof resolveCustomer>>,
  method: MethodColumns,
) {
  return {
    law: body.law,
    eisRegistryNumber: body.eis_registry_number,
    eisGuid: body.eis_guid,
    version: body.version,
    number: body.number,
    contractDate: body.contract_date,
    subject: body.subject,
    ...customer,
    supplierInn: body.supplier_inn,
    supplierKpp: body.supplier_kpp,
    supplierName: body.supplier_name,
    supplierIsSme: body.supplier_is_sme,
    price: body.price,
    currencyCode: body.currency_code,
    fundingSourceId: body.funding_source_id ?? null,
    contractBasisId: body.contract_basis_id ?? null,
    planPositionNumber: body.plan_position_number,
    ...method,
    priceMethodId: body.price_method_id ?? null,
    noticeNumber: body.notice_number,
    startDate: body.start_date,
    endDate: body.end_date,
    eisPublishedAt: body.eis_published_at ? parsePublishedAt(body.eis_published_at) : null,
    eisUrl: body.eis_url,
  };
}

export async function createContract(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  body: CreateIn,
): Promise<Contract> {
  await auditForeignReferences(deps.db, actor, companyId, body);
  return deps.db.transaction(async (tx) => {
    await checkTariff(deps, tx, companyId);
    checkDates(body, body.status);
    const customer = await resolveCustomer(tx, companyId, body);
    const method = await checkCatalogEntries(tx, companyId, body, null);
    await checkUnique(tx, companyId, body, null);
    const procurementId = await checkProcurement(tx, companyId, body, null);
    const row = await repo.insertContract(tx, {
      ...columns(body, customer, method),
      procurementId,
      companyId,
      status: body.status,
      source: 'manual',
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    await saveItems(tx, row.id, body.items, true);
    await saveStagesAndTerms(tx, row.id, body.stages, body.payment_terms, true);
    await refreshContractDuties(tx, row.id);
    if (procurementId) await refreshProcurementDuties(tx, [procurementId]);
    const fresh = await commitVersion(tx, actor, row.id, 'create', { isNew: true });
    return loadContract(tx, fresh);
  });
}

export async function updateContract(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  edit: EditIn,
): Promise<Contract> {
  await assertContractOf(deps.db, actor, companyId, id);
  await auditForeignReferences(deps.db, actor, companyId, edit);
  return deps.db.transaction(async (tx) => {
    const row = (await repo.findContract(tx, companyId, id, { lock: true }))!;
    const closed = editProblem(row.status);
    if (closed) throw conflict(closed);
    if (edit.revision && edit.revision !== row.revision) {
      throw conflict(
        `Договор уже изменён другим пользователем (версия ${row.revision}, у вас ${edit.revision}). Обновите карточку и внесите изменения заново`,
        { revision: row.revision },
      );
    }
    const before = await loadContractData(tx, row);
    // a field the request does not send keeps its stored value; the whole is checked again
    const body = keptOver(ContractValuesInput, contractValuesOf(before), edit);
    checkDates(body, row.status);
    if (body.change && (body.change.date < body.contract_date || body.change.date > todayMoscow())) {
      throw invalid([
        {
          path: 'body.change.date',
          message:
            'Дата изменения должна быть не раньше даты заключения договора и не позже сегодняшнего дня',
        },
      ]);
    }
    const customer = await resolveCustomer(tx, companyId, body);
    const method = await checkCatalogEntries(tx, companyId, body, row);
    await checkUnique(tx, companyId, body, id);
    const procurementId = await checkProcurement(tx, companyId, body, row);
    await repo.updateContract(tx, id, { ...columns(body, customer, method), procurementId });
    await saveItems(tx, id, body.items, false);
    await saveStagesAndTerms(tx, id, body.stages, body.payment_terms, false);
    if (row.status === 'concluded') {
      const after = await loadContractData(tx, (await repo.findContract(tx, companyId, id))!);
      const material = materialChanges(before, after);
      if (material.length) {
        await insertContractEvent(tx, {
          contractId: id,
          companyId,
          kind: 'change',
          eventDate: body.change?.date ?? todayMoscow(),
          description:
            body.change?.description ?? `Изменено: ${material.map((f) => FIELD_TITLES[f]).join(', ')}`,
          source: 'manual',
          createdBy: actor.userId,
        });
      }
    }
    await refreshContractDuties(tx, id);
    // a contract concluded from a procurement closes its contract duty (and unlinking reopens it)
    await refreshProcurementDuties(
      tx,
      [row.procurementId, procurementId].filter((x): x is number => x !== null),
    );
    const fresh = await commitVersion(tx, actor, id, 'update', { before });
    return loadContract(tx, fresh);
  });
}
