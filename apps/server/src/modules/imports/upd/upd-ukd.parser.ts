import { ParseError } from '../../../lib/parse-error.js';
import { child, type XmlNode } from '../../../lib/xml.js';
import type { Change, Money, Totals, UkdDocument, UkdFunction, UkdLine } from './upd.types.js';
import { negate, sign, subtract, sum, toMoney, toPrice, toQuantity } from './upd-decimal.js';
import {
  attr,
  BASIS_NAMES,
  children,
  compareTotal,
  correction,
  counterparty,
  docRef,
  elementText,
  optAttr,
  optMoney,
  requireAttr,
  requireChild,
  requireDate,
  vatAmount,
  vatRate,
} from './upd-read.js';

/*
 * УКД ON_KORSCHFDOPPR (order 189@, КНД 1115127, ВерсФорм 5.01): a correction of the cost of
 * goods already shipped. Each line carries values before (…До) and after (…После) the change;
 * we return both plus delta = after − before, and check the deltas against the increase and
 * decrease the file states itself (СтоимУвел/СтоимУм, ВсегоУвел/ВсегоУм) — mismatches become
 * warnings. As in upd.parser.ts, messages never include the caller's «Не удалось обработать УПД: ».
 */

const UKD_FUNCTIONS: readonly UkdFunction[] = ['КСЧФ', 'КСЧФДИС', 'ДИС'];

type Common = { fileId: string; formatVersion: string; knd: string; uid: string | null };

export function parseUkd(doc: XmlNode, common: Common): UkdDocument {
  const warnings: string[] = [];
  const fn = requireAttr(doc, ['Функция'], 'Документ');
  const func = UKD_FUNCTIONS.find((f) => f === fn);
  if (!func)
    throw new ParseError(`Неизвестная функция корректировочного документа «${fn}» (Документ@Функция)`);

  const path = 'Документ/СвКСчФ';
  const inv = requireChild(doc, 'СвКСчФ', 'Документ');
  const number = requireAttr(inv, ['НомерКСчФ', 'НомерДок'], path);
  const date = requireDate(inv, ['ДатаКСчФ', 'ДатаДок'], path);
  const fix = correction(child(inv, 'ИспрКСчФ'), ['НомИспрКСчФ'], ['ДатаИспрКСчФ'], `${path}/ИспрКСчФ`);

  const sourceNodes = children(inv, 'СчФ');
  if (sourceNodes.length === 0) requireChild(inv, 'СчФ', path);
  const invoices = sourceNodes.map((n, i) => {
    const p = `${path}/СчФ[${i + 1}]`;
    return {
      number: requireAttr(n, ['НомерСчФ', 'НомерДок'], p),
      date: requireDate(n, ['ДатаСчФ', 'ДатаДок'], p),
      corrections: children(n, 'ИспрСчФ')
        .map((c, j) => correction(c, ['НомИспрСчФ'], ['ДатаИспрСчФ'], `${p}/ИспрСчФ[${j + 1}]`))
        .filter((c) => c !== null),
    };
  });

  const seller = counterparty(requireChild(inv, 'СвПрод', path), `${path}/СвПрод`, 'продавца', warnings);
  const buyer = counterparty(requireChild(inv, 'СвПокуп', path), `${path}/СвПокуп`, 'покупателя', warnings);
  const currencyCode = attr(child(inv, 'ДенИзм'), 'КодОКВ') ?? attr(inv, 'КодОКВ') ?? '643';
  const govContractId = optAttr(child(inv, 'ДопСвФХЖ1') ?? {}, ['ИдГосКон']);
  const bases = children(child(doc, 'СодФХЖ3'), 'ОснКор').map((n, i) =>
    docRef(n, `Документ/СодФХЖ3/ОснКор[${i + 1}]`, BASIS_NAMES),
  );

  const tablePath = 'Документ/ТаблКСчФ';
  const table = requireChild(doc, 'ТаблКСчФ', 'Документ');
  const rows = children(table, 'СведТов');
  if (rows.length === 0) requireChild(table, 'СведТов', tablePath);
  const lines = rows.map((row, i) => parseUkdLine(row, `${tablePath}/СведТов[${i + 1}]`, warnings));

  const increase = totalsOf(child(table, 'ВсегоУвел'), `${tablePath}/ВсегоУвел`);
  const decrease = totalsOf(child(table, 'ВсегоУм'), `${tablePath}/ВсегоУм`);
  const fields = [
    ['sumWithoutVat', 'withoutVat', 'стоимости без НДС'],
    ['vatSum', 'vat', 'суммы НДС'],
    ['sumWithVat', 'withVat', 'стоимости с НДС'],
  ] as const;
  for (const [lineField, totalField, label] of fields) {
    const deltas = lines.map((l) => l[lineField].delta);
    const known = deltas.filter((d): d is Money => d !== null);
    if (known.length !== deltas.length) continue;
    const up = sum(
      known.filter((d) => sign(d) > 0),
      2,
    );
    const down = sum(
      known.filter((d) => sign(d) < 0).map((d) => negate(d, 2)),
      2,
    );
    compareTotal(`Увеличение ${label}`, increase?.[totalField] ?? null, up, warnings);
    compareTotal(`Уменьшение ${label}`, decrease?.[totalField] ?? null, down, warnings);
  }

  return {
    kind: 'ukd',
    ...common,
    function: func,
    number,
    date,
    correction: fix,
    currencyCode,
    seller,
    buyer,
    govContractId,
    bases,
    invoices,
    lines,
    totals: { increase, decrease },
    warnings,
  };
}

function totalsOf(node: XmlNode | undefined, path: string): Totals | null {
  if (!node) return null;
  return {
    withoutVat: optMoney(node, 'СтТовБезНДСВсего', path),
    vat: vatAmount(child(node, 'СумНал'), `${path}/СумНал`),
    withVat: optMoney(node, 'СтТовУчНалВсего', path),
  };
}

/** Money, Quantity and Price are all decimal strings, so one helper serves them. */
function change(before: string | null, after: string | null, minFrac: number): Change<string> {
  const delta = before !== null && after !== null ? subtract(after, before, minFrac) : null;
  return { before, after, delta };
}

/** СтоимТип: СтоимДоИзм / СтоимПослеИзм plus the stated СтоимУвел / СтоимУм. */
function costChange(
  node: XmlNode | undefined,
  path: string,
  label: string,
  warnings: string[],
): Change<Money> {
  if (!node) return { before: null, after: null, delta: null };
  const c = change(
    toMoney(requireAttr(node, ['СтоимДоИзм'], path), `${path}@СтоимДоИзм`),
    toMoney(requireAttr(node, ['СтоимПослеИзм'], path), `${path}@СтоимПослеИзм`),
    2,
  );
  checkStated(c, optMoney(node, 'СтоимУвел', path), optMoney(node, 'СтоимУм', path), label, warnings);
  return c;
}

/** Warns when the increase/decrease written in the file differs from after − before. */
function checkStated(
  c: Change<Money>,
  up: Money | null,
  down: Money | null,
  label: string,
  warnings: string[],
): void {
  if (c.delta === null || (up === null && down === null)) return;
  const stated = subtract(up ?? '0', down ?? '0', 2);
  if (stated !== c.delta) {
    warnings.push(`${label}: изменение по файлу ${stated}, по значениям до и после ${c.delta}`);
  }
}

function parseUkdLine(row: XmlNode, path: string, warnings: string[]): UkdLine {
  const lineNoRaw = requireAttr(row, ['НомСтр'], path);
  if (!/^\d+$/.test(lineNoRaw)) throw new ParseError(`Неверный номер строки «${lineNoRaw}» в ${path}@НомСтр`);
  const qty = (name: string) => {
    const v = optAttr(row, [name]);
    return v === null ? null : toQuantity(v, `${path}@${name}`);
  };
  const price = (name: string) => {
    const v = optAttr(row, [name]);
    return v === null ? null : toPrice(v, `${path}@${name}`);
  };
  const label = `Строка ${lineNoRaw}`;

  const vatBefore = vatAmount(child(row, 'СумНалДо'), `${path}/СумНалДо`);
  const vatAfter = vatAmount(child(row, 'СумНалПосле'), `${path}/СумНалПосле`);
  const vatSum = change(vatBefore, vatAfter, 2);
  const diff = child(row, 'СумНалРазн');
  if (diff) {
    const up = amountText(diff, 'СумУвел', `${path}/СумНалРазн`);
    const down = amountText(diff, 'СумУм', `${path}/СумНалРазн`);
    checkStated(vatSum, up, down, `${label}, НДС`, warnings);
  }

  const qBefore = qty('КолТовДо');
  const qAfter = qty('КолТовПосле');
  const pBefore = price('ЦенаТовДо');
  const pAfter = price('ЦенаТовПосле');
  return {
    lineNo: Number(lineNoRaw),
    name: attr(row, 'НаимТов') ?? '',
    okei: { before: optAttr(row, ['ОКЕИ_ТовДо']), after: optAttr(row, ['ОКЕИ_ТовПосле']) },
    quantity: change(qBefore, qAfter, 0),
    price: change(pBefore, pAfter, 2),
    sumWithoutVat: costChange(
      child(row, 'СтТовБезНДС'),
      `${path}/СтТовБезНДС`,
      `${label}, стоимость без НДС`,
      warnings,
    ),
    vatRate: {
      before: vatRate(requireAttr(row, ['НалСтДо'], path), `${path}@НалСтДо`),
      after: vatRate(requireAttr(row, ['НалСтПосле'], path), `${path}@НалСтПосле`),
    },
    vatSum,
    sumWithVat: costChange(
      child(row, 'СтТовУчНал'),
      `${path}/СтТовУчНал`,
      `${label}, стоимость с НДС`,
      warnings,
    ),
  };
}

/** СумУвел / СумУм (РазнСумНалТип) are child elements with the amount as text. */
function amountText(node: XmlNode, name: string, path: string): Money | null {
  const raw = elementText(node, name);
  return raw === null ? null : toMoney(raw, `${path}/${name}`);
}
