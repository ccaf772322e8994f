import type {
  EisDelivery,
  EisExecution,
  EisExecutionStage,
  EisPayment,
  EisPenalty,
  EisTermination,
} from '../../../kernel/eis/eis.types.js';
import { child, type XmlNode, path as xpath } from '../../../lib/xml.js';
import {
  bool,
  date,
  dateTime,
  decimal,
  documentRef,
  fail,
  int,
  join,
  list,
  money,
  str,
  strAt,
  strOf,
} from './eis-values.js';

/** 44-FZ `currentContractStage`: EC исполнение завершено; E, ET (прекращено), IN are not done. */
const COMPLETED_STAGE = 'EC';

/**
 * 44-FZ `export/contractProcedure` (сведения об исполнении, расторжении, неустойках),
 * schemeVersion 7.x: `executions` blocks (stage, ordinalNumber, finalStageExecution, execution
 * with payDoc, paid, quantityContractSubjects), `termination`, `penalties/penaltyAccrual`. The
 * older layout (`terminations/termination`, `penalties/penalty`, `execDate`) is read too.
 */
export function parseEis44Procedure(
  node: XmlNode,
  fileName: string,
  path: string,
  index: number,
): EisExecution {
  const regNum = str(node, 'regNum');
  if (!regNum) fail(path, 'нет regNum (реестровый номер контракта)');
  const status = str(node, 'currentContractStage');
  const penaltiesNode = child(node, 'penalties');
  const penalties = penaltiesNode ? readPenalties(penaltiesNode, join(path, 'penalties')) : [];

  return {
    kind: 'execution',
    source: '44',
    documentType: 'eis44.contractProcedure',
    fileName,
    schemaVersion: str(node, '@schemeVersion'),
    itemIndex: index,
    guid: null,
    registrationNumber: strAt(node, 'printForm', 'docRegNumber'),
    contractRegNumber: regNum,
    contractGuid: null,
    contractNumber: null,
    contractDate: null,
    eisId: str(node, 'id'),
    version: int(node, 'versionNumber', path),
    status,
    createDateTime: null,
    publicationDate: dateTime(node, 'publishDate', path),
    url: strAt(node, 'printForm', 'url'),
    customer: null,
    supplierName: null,
    completed: status === null ? null : status === COMPLETED_STAGE,
    endedByExpiry: null,
    total: null,
    stages: list(node, 'executions').map((e, i) => stage(e, join(path, `executions[${i + 1}]`))),
    termination: termination(node, path),
    hasPenalty: penalties.length > 0,
    penalties,
    warnings: [],
  };
}

function stage(node: XmlNode, path: string): EisExecutionStage {
  const executions = list(node, 'execution');
  const stageNode = child(node, 'stage');
  return {
    ordinalNumber: int(node, 'ordinalNumber', path),
    endDate: date(stageNode, 'endDate', join(path, 'stage')),
    isFinal: bool(node, 'finalStageExecution', path),
    payments: executions.map((e, i) => payment(e, join(path, `execution[${i + 1}]`), i + 1)),
    docs: [],
    deliveries: executions.flatMap((e, i) =>
      list(child(e, 'quantityContractSubjects'), 'quantityContractSubject').map((q, j) =>
        delivery(
          q,
          join(path, `execution[${i + 1}]/quantityContractSubjects/quantityContractSubject[${j + 1}]`),
        ),
      ),
    ),
  };
}

function payment(node: XmlNode, path: string, ordinal: number): EisPayment {
  const payDocPath = join(path, 'payDoc');
  const document = documentRef(child(node, 'payDoc'), payDocPath, {
    name: 'documentName',
    number: 'documentNum',
    date: 'documentDate',
  });
  return {
    ordinalNumber: ordinal,
    paymentDate: document?.date ?? date(node, 'execDate', path) ?? date(node, 'documentDate', path),
    price: money(node, 'paid', path),
    rubPrice: money(node, 'paidRUR', path),
    currencyCode: strAt(node, 'currency', 'code'),
    vat: money(node, 'paidVAT', path),
    prepaid: null,
    document,
  };
}

function delivery(node: XmlNode, path: string): EisDelivery {
  const product = child(node, 'product');
  const okei = child(product, 'OKEI');
  return {
    name: str(product, 'name'),
    okpd2Code: strAt(product, 'OKPD2', 'code'),
    okeiCode: str(okei, 'code'),
    okeiName: strOf(okei, 'fullName', 'name', 'nationalCode'),
    qty: decimal(node, 'quantity', path),
    contractQty: decimal(product, 'quantity', join(path, 'product')),
  };
}

function termination(node: XmlNode, path: string): EisTermination | null {
  const direct = child(node, 'termination');
  const t = direct ?? xpath(node, 'terminations', 'termination');
  if (!t) return null;
  const at = join(path, direct ? 'termination' : 'terminations/termination');
  const doc = child(t, 'docTermination');
  const ref = documentRef(doc, join(at, 'docTermination'), {
    name: 'name',
    number: 'documentNum',
    date: 'documentDate',
  });
  const code = str(doc, 'code');
  const reason = child(t, 'reason') ?? child(t, 'terminationReason');
  return {
    date: date(t, 'terminationDate', at),
    reasonCode: strOf(reason, 'code', 'id'),
    reason: str(reason, 'name'),
    reasonInfo: str(t, 'reasonInfo'),
    paid: money(t, 'paid', at),
    document:
      ref || code
        ? { name: ref?.name ?? null, number: ref?.number ?? null, date: ref?.date ?? null, code }
        : null,
  };
}

/** Every child of `penalties` is one penalty: `penaltyAccrual` (7.x) or a `penalty` wrapper. */
function readPenalties(node: XmlNode, path: string): EisPenalty[] {
  const result: EisPenalty[] = [];
  for (const kind of Object.keys(node)) {
    if (kind.startsWith('@') || kind.startsWith('#')) continue;
    list(node, kind).forEach((p, i) => {
      const at = join(path, `${kind}[${i + 1}]`);
      const inner = child(p, 'penaltyAccrual');
      const reason = child(p, 'penaltyReason') ?? child(inner, 'penaltyReason');
      const docNode = child(p, 'penaltyDocument') ?? child(inner, 'penaltyDocument');
      result.push({
        kind,
        party: str(p, 'contractParty'),
        penaltyType: str(p, 'penaltyType'),
        reasonCode: str(reason, 'code'),
        reason: str(reason, 'name'),
        amount:
          money(p, 'accrualAmount', at) ??
          money(inner, 'accrualAmount', join(at, 'penaltyAccrual')) ??
          money(p, 'amount', at),
        currencyCode: strAt(p, 'currency', 'code') ?? strAt(inner, 'currency', 'code'),
        document: documentRef(docNode, join(at, 'penaltyDocument'), {
          name: 'documentName',
          number: 'documentNum',
          date: 'documentDate',
        }),
      });
    });
  }
  return result;
}
