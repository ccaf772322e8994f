import { ParseError } from '../../../lib/parse-error.js';
import { child, decodeXml, parseXml, type XmlNode } from '../../../lib/xml.js';
import { isZip } from '../../../lib/zip.js';
import type { Party, UpdDocument, UpdFunction, UpdInvoice, UpdLine } from './upd.types.js';
import { sum, toPrice, toQuantity } from './upd-decimal.js';
import {
  attr,
  BASIS_NAMES,
  checkSideParty,
  children,
  compareTotal,
  correction,
  counterparty,
  docRef,
  join,
  optAttr,
  optDate,
  optMoney,
  party,
  requireAttr,
  requireChild,
  requireDate,
  vatAmount,
  vatRate,
} from './upd-read.js';
import { parseUkd } from './upd-ukd.parser.js';

/*
 * Reader of the seller's УПД/УКД XML (docs/domain.md §3): ON_NSCHFDOPPR 5.01/5.02/5.03 (also the
 * ...PROS and ...MARK prefixes), the legacy ON_SCHFDOPPR (155@) and the УКД ON_KORSCHFDOPPR (189@).
 * Elements are read by local name and old and new attribute names are both accepted, so one
 * reader serves every version.
 *
 * Errors are ParseError with a Russian message. The caller prefixes every message with
 * «Не удалось обработать УПД: », so messages here never include that prefix themselves and are
 * phrased to read well after it.
 *
 * Buyer titles (ON_NSCHFDOPPOK, ON_SCHFDOPPOK, ON_KORSCHFDOPPOK) are refused with an explanation rather than
 * returned as a third kind: they confirm acceptance but carry no goods, sums or parties' details
 * of their own, so there is nothing to import from them; the user needs the seller's file.
 */

const KND_UPD = '1115131';
const KND_UPD_155 = '1115125';
const KND_UKD = '1115127';
/** buyer titles: УПД 820@/970@ (1115132), УКД (1115128), УПД 155@ (ON_SCHFDOPPOK, 1115126) */
const KND_BUYER_TITLES = ['1115132', '1115128', '1115126'];

const UPD_FUNCTIONS: readonly UpdFunction[] = ['СЧФ', 'СЧФДОП', 'ДОП', 'СвРК', 'СвЗК'];

const SINGLE_BYTE_ENCODING =
  /^\s*<\?xml[^>]*encoding\s*=\s*["'](windows-1251|cp1251|koi8-r|cp866|iso-8859-5)["']/i;

/** Decodes and parses, explaining the common encoding mistakes that decodeXml cannot see. */
function readTree(buf: Buffer): XmlNode {
  if (isZip(buf)) {
    throw new ParseError('Загружен ZIP-архив, а не XML-файл: распакуйте его или загрузите как архив');
  }
  const head = buf.subarray(0, 200).toString('latin1');
  const text = decodeXml(buf);
  const declared = SINGLE_BYTE_ENCODING.exec(head)?.[1];
  if (declared) {
    // Windows-1251 Cyrillic is practically never valid UTF-8, so valid UTF-8 with non-ASCII bytes
    // under a single-byte declaration means the declaration lies.
    const hasNonAscii = buf.some((b) => b >= 0x80);
    if (hasNonAscii && isValidUtf8(buf)) {
      throw new ParseError(
        `Кодировка в заголовке XML (${declared}) не совпадает с содержимым: файл записан в UTF-8`,
      );
    }
  } else if (text.includes('\uFFFD')) {
    throw new ParseError(
      'Файл объявлен в кодировке UTF-8, но содержит недопустимые для неё байты ' +
        '(вероятно, он в windows-1251 без указания кодировки в заголовке XML)',
    );
  }
  return parseXml(text);
}

function isValidUtf8(buf: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

type Kind = 'upd' | 'ukd';

function detectKind(knd: string | null, fileId: string, doc: XmlNode): Kind {
  const id = fileId.toUpperCase();
  const buyerTitle =
    (knd !== null && KND_BUYER_TITLES.includes(knd)) ||
    /^ON_N?(KOR)?SCHFDOPPOK/.test(id) ||
    child(doc, 'ИдИнфПрод') !== undefined ||
    child(doc, 'СодФХЖ4') !== undefined;
  if (buyerTitle) {
    const ukd = knd === '1115128' || /^ON_N?KORSCHFDOPPOK/.test(id);
    const old = knd === '1115126' || /^ON_SCHFDOPPOK/.test(id);
    const [title, seller] = ukd
      ? ['УКД (ON_KORSCHFDOPPOK, КНД 1115128)', 'ON_KORSCHFDOPPR']
      : old
        ? ['УПД (ON_SCHFDOPPOK, КНД 1115126)', 'ON_SCHFDOPPR']
        : ['УПД (ON_NSCHFDOPPOK, КНД 1115132)', 'ON_NSCHFDOPPR'];
    throw new ParseError(
      `Это титул покупателя ${title}: он подтверждает приёмку и не содержит товаров и сумм. ` +
        `Загрузите файл продавца (${seller})`,
    );
  }
  if (/^ON_NKORSCHFDOPPR/.test(id)) {
    throw new ParseError(
      'УКД в формате 736@ (ON_NKORSCHFDOPPR) пока не поддерживается; поддерживается УКД ON_KORSCHFDOPPR (189@)',
    );
  }
  if (knd === KND_UKD) return 'ukd';
  if (knd === KND_UPD || knd === KND_UPD_155) return 'upd';
  if (knd === null) {
    if (/^ON_KORSCHFDOPPR/.test(id)) return 'ukd';
    if (/^ON_N?SCHFDOPPR/.test(id)) return 'upd';
  }
  throw new ParseError(
    `Файл не является УПД или УКД продавца: КНД «${knd ?? 'не указан'}» (ожидается ${KND_UPD}, ${KND_UPD_155} или ${KND_UKD})`,
  );
}

/**
 * Reads a seller's УПД or УКД. `fileName` is used only when the file itself does not say what it
 * is: as a fallback for `Файл@ИдФайл` (and so for recognising the kind by its prefix).
 */
export function parseUpd(buf: Buffer, fileName: string): UpdDocument {
  const tree = readTree(buf);
  const file = child(tree, 'Файл');
  if (!file) {
    const root = Object.keys(tree).find((k) => !k.startsWith('?') && !k.startsWith('#'));
    throw new ParseError(
      root
        ? `Файл не является УПД: корневой элемент «${root}» вместо «Файл»`
        : 'Файл не является УПД: в нём нет XML-элементов',
    );
  }
  const fileId =
    attr(file, 'ИдФайл') ??
    fileName
      .replace(/^.*[/\\]/, '')
      .replace(/\.xml$/i, '')
      .trim();
  const formatVersion = requireAttr(file, ['ВерсФорм'], 'Файл');
  // the buyer's title of a 155@ УПД (ON_SCHFDOPPOK) has «ИнфПок» where a seller's file has
  // «Документ»: detectKind refuses it by name instead of a missing element
  const doc = child(file, 'Документ') ?? child(file, 'ИнфПок') ?? requireChild(file, 'Документ', '');
  const knd = attr(doc, 'КНД');
  const kind = detectKind(knd, fileId, doc);
  const common = {
    fileId,
    formatVersion,
    knd: knd ?? (kind === 'ukd' ? KND_UKD : KND_UPD),
    uid: attr(doc, 'УИД'),
  };
  if (kind === 'ukd') return parseUkd(doc, common);
  return parseInvoice(doc, common);
}

type Common = { fileId: string; formatVersion: string; knd: string; uid: string | null };

function parseInvoice(doc: XmlNode, common: Common): UpdInvoice {
  const warnings: string[] = [];
  const fn = requireAttr(doc, ['Функция'], 'Документ');
  const func = UPD_FUNCTIONS.find((f) => f === fn);
  if (!func) throw new ParseError(`Неизвестная функция документа «${fn}» (Документ@Функция)`);

  const invPath = 'Документ/СвСчФакт';
  const inv = requireChild(doc, 'СвСчФакт', 'Документ');
  const number = requireAttr(inv, ['НомерДок', 'НомерСчФ'], invPath);
  const date = requireDate(inv, ['ДатаДок', 'ДатаСчФ'], invPath);

  const fix =
    correction(child(inv, 'ИспрДок'), ['НомИспр'], ['ДатаИспр'], `${invPath}/ИспрДок`) ??
    correction(
      child(inv, 'ИспрСчФ'),
      ['НомИспрСчФ', 'ДефНомИспрСчФ'],
      ['ДатаИспрСчФ', 'ДефДатаИспрСчФ'],
      `${invPath}/ИспрСчФ`,
    );

  const sellers = children(inv, 'СвПрод');
  const buyers = children(inv, 'СвПокуп');
  if (sellers.length === 0) requireChild(inv, 'СвПрод', invPath);
  if (buyers.length === 0) requireChild(inv, 'СвПокуп', invPath);
  const seller = counterparty(sellers[0], `${invPath}/СвПрод`, 'продавца', warnings);
  const buyer = counterparty(buyers[0], `${invPath}/СвПокуп`, 'покупателя', warnings);
  if (sellers.length > 1) warnings.push(`В документе ${sellers.length} продавца, использован первый`);
  if (buyers.length > 1) warnings.push(`В документе ${buyers.length} покупателя, использован первый`);

  let shipper: Party | null = null;
  const shipperNode = child(inv, 'ГрузОт');
  if (shipperNode) {
    const sender = child(shipperNode, 'ГрузОтпр');
    shipper = sender
      ? checkSideParty(party(sender, `${invPath}/ГрузОт/ГрузОтпр`), 'грузоотправителя', warnings)
      : { ...seller }; // «он же»: the seller ships itself
  }
  const consigneeNode = child(inv, 'ГрузПолуч');
  const consignee = consigneeNode
    ? checkSideParty(party(consigneeNode, `${invPath}/ГрузПолуч`), 'грузополучателя', warnings)
    : null;

  const currencyCode = attr(child(inv, 'ДенИзм'), 'КодОКВ') ?? attr(inv, 'КодОКВ') ?? '643';
  const govContractId = optAttr(child(inv, 'ДопСвФХЖ1') ?? {}, ['ИдГосКон']);

  const shipmentDocs = [
    ...children(inv, 'ДокПодтвОтгрНом').map((n, i) =>
      docRef(n, `${invPath}/ДокПодтвОтгрНом[${i + 1}]`, BASIS_NAMES),
    ),
    ...children(inv, 'ДокПодтвОтгр').map((n, i) =>
      docRef(n, `${invPath}/ДокПодтвОтгр[${i + 1}]`, {
        name: ['НаимДокОтгр'],
        number: ['НомДокОтгр'],
        date: ['ДатаДокОтгр'],
      }),
    ),
  ];
  const paymentDocs = children(inv, 'СвПРД').map((n, i) => ({
    number: optAttr(n, ['НомерПРД']),
    date: optDate(n, ['ДатаПРД'], `${invPath}/СвПРД[${i + 1}]`),
  }));

  const transfer = child(child(doc, 'СвПродПер'), 'СвПер');
  const bases = children(transfer, 'ОснПер').map((n, i) =>
    docRef(n, `Документ/СвПродПер/СвПер/ОснПер[${i + 1}]`, BASIS_NAMES),
  );

  const tablePath = 'Документ/ТаблСчФакт';
  const table = requireChild(doc, 'ТаблСчФакт', 'Документ');
  const rows = children(table, 'СведТов');
  if (rows.length === 0) requireChild(table, 'СведТов', tablePath);
  const lines = rows.map((row, i) => parseLine(row, `${tablePath}/СведТов[${i + 1}]`));
  for (const l of lines) {
    if (l.sumWithoutVat === null || l.vatSum === null || l.sumWithVat === null) continue;
    const computed = sum([l.sumWithoutVat, l.vatSum], 2);
    if (computed !== l.sumWithVat) {
      warnings.push(
        `Строка ${l.lineNo}: стоимость без НДС ${l.sumWithoutVat} и НДС ${l.vatSum} в сумме дают ${computed}, ` +
          `а стоимость с НДС указана ${l.sumWithVat}`,
      );
    }
  }

  const totalNode = requireChild(table, 'ВсегоОпл', tablePath);
  const totalPath = `${tablePath}/ВсегоОпл`;
  const totals = {
    withoutVat: optMoney(totalNode, 'СтТовБезНДСВсего', totalPath),
    vat: vatAmount(child(totalNode, 'СумНалВсего'), `${totalPath}/СумНалВсего`),
    withVat: optMoney(totalNode, 'СтТовУчНалВсего', totalPath),
  };
  compareTotal('Стоимость без НДС', totals.withoutVat, sumOf(lines.map((l) => l.sumWithoutVat)), warnings);
  compareTotal('Сумма НДС', totals.vat, sumOf(lines.map((l) => l.vatSum)), warnings);
  compareTotal('Стоимость с НДС', totals.withVat, sumOf(lines.map((l) => l.sumWithVat)), warnings);

  return {
    kind: 'upd',
    ...common,
    function: func,
    number,
    date,
    correction: fix,
    currencyCode,
    seller,
    buyer,
    shipper,
    consignee,
    govContractId,
    bases,
    shipmentDocs,
    paymentDocs,
    lines,
    totals,
    warnings,
    advance: isAdvance(func, lines),
  };
}

/** «Предварительная оплата», «Предоплата», «Аванс» at the start of a line's name. */
const ADVANCE_NAME = /^\s*(предварительн\S*\s+оплат|предоплат|аванс)/i;
/** A calculated rate (п. 4 ст. 164 НК РФ), the one an advance invoice applies. */
const CALCULATED_RATE = /^\d+\/\d+$/;

/**
 * An invoice on an advance payment: an СЧФ (never a transfer document) whose every line has no
 * quantity and either the calculated rate or an advance name. A delivery always has quantities.
 */
function isAdvance(func: UpdFunction, lines: UpdLine[]): boolean {
  return (
    func === 'СЧФ' &&
    lines.length > 0 &&
    lines.every((l) => l.quantity === null && (CALCULATED_RATE.test(l.vatRate) || ADVANCE_NAME.test(l.name)))
  );
}

/** Sum of line values, or null when any line lacks the value. */
function sumOf(values: (string | null)[]): string | null {
  return values.every((v): v is string => v !== null) ? sum(values, 2) : null;
}

function parseLine(row: XmlNode, path: string): UpdLine {
  const lineNoRaw = requireAttr(row, ['НомСтр'], path);
  if (!/^\d+$/.test(lineNoRaw)) throw new ParseError(`Неверный номер строки «${lineNoRaw}» в ${path}@НомСтр`);
  const extra = child(row, 'ДопСведТов');
  const qty = optAttr(row, ['КолТов']);
  const price = optAttr(row, ['ЦенаТов']);
  return {
    lineNo: Number(lineNoRaw),
    name:
      attr(row, 'НаимТов') ??
      attr(extra, 'ХарактерТов') ??
      attr(extra, 'АртикулТов') ??
      attr(extra, 'КодТов') ??
      '',
    okei: optAttr(row, ['ОКЕИ_Тов']),
    unitName: attr(row, 'НаимЕдИзм') ?? attr(extra, 'НаимЕдИзм'),
    quantity: qty === null ? null : toQuantity(qty, `${path}@КолТов`),
    price: price === null ? null : toPrice(price, `${path}@ЦенаТов`),
    sumWithoutVat: optMoney(row, 'СтТовБезНДС', path),
    vatRate: vatRate(requireAttr(row, ['НалСт'], path), `${path}@НалСт`),
    vatSum: vatAmount(child(row, 'СумНал'), join(path, 'СумНал')),
    sumWithVat: optMoney(row, 'СтТовУчНал', path),
    itemCode: attr(extra, 'КодТов'),
    article: attr(extra, 'АртикулТов'),
  };
}
