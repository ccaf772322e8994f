import { checkInn, checkKpp } from '@zakupki/shared';
import { ParseError } from '../../../lib/parse-error.js';
import { asArray, child, text, type XmlNode } from '../../../lib/xml.js';
import type { Correction, Counterparty, DocRef, IsoDate, Money, Party, VatRate } from './upd.types.js';
import { toMoney } from './upd-decimal.js';

/**
 * Shared readers for the FNS UPD/УКД trees. Every error names the element path from the root
 * `Файл` (e.g. «Документ/СвСчФакт/СвПрод»), and every message must read well after the caller's
 * prefix «Не удалось обработать УПД: » — so no prefix here.
 */

/** Attribute value, trimmed; absent or empty gives null. */
export function attr(node: XmlNode | undefined, name: string): string | null {
  const v = text(node, `@${name}`)?.trim();
  return v ? v : null;
}

/** Text of a child element, trimmed; absent or empty gives null. */
export function elementText(node: XmlNode | undefined, name: string): string | null {
  const v = text(node, name)?.trim();
  return v ? v : null;
}

export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!node) return [];
  return asArray<unknown>(node[name]).map((v) => (typeof v === 'string' ? { '#text': v } : (v as XmlNode)));
}

export function requireChild(node: XmlNode, name: string, parentPath: string): XmlNode {
  const c = child(node, name);
  if (!c) throw new ParseError(`Не найден элемент ${join(parentPath, name)}`);
  return c;
}

export function join(parentPath: string, name: string): string {
  return parentPath ? `${parentPath}/${name}` : name;
}

function missingAttr(names: string[], path: string): ParseError {
  const others = names.slice(1).map((n) => `@${n}`);
  const alt = others.length > 0 ? ` (или ${others.join(', ')})` : '';
  return new ParseError(`Не найден атрибут ${path}@${names[0]}${alt}`);
}

/** The first present attribute among `names` (new name first, old name second). */
export function requireAttr(node: XmlNode, names: string[], path: string): string {
  for (const n of names) {
    const v = attr(node, n);
    if (v !== null) return v;
  }
  throw missingAttr(names, path);
}

/** A required date attribute, the first present among `names`. */
export function requireDate(node: XmlNode, names: string[], path: string): IsoDate {
  for (const n of names) {
    const v = attr(node, n);
    if (v !== null) return isoDate(v, `${path}@${n}`);
  }
  throw missingAttr(names, path);
}

const DMY = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'ДД.ММ.ГГГГ' (also tolerates ISO) to 'YYYY-MM-DD'; checks that the day exists. */
export function isoDate(raw: string, where: string): IsoDate {
  const v = raw.trim();
  const dmy = DMY.exec(v);
  const ymd = YMD.exec(v);
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (y && m && d) {
    const t = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    if (
      t.getUTCFullYear() === Number(y) &&
      t.getUTCMonth() === Number(m) - 1 &&
      t.getUTCDate() === Number(d)
    ) {
      return `${y}-${m}-${d}`;
    }
  }
  throw new ParseError(`Неверная дата «${raw}» в ${where}: ожидается ДД.ММ.ГГГГ`);
}

/** Optional date attribute; '-' (the FNS "no value" mark) gives null. */
export function optDate(node: XmlNode, names: string[], path: string): IsoDate | null {
  for (const n of names) {
    const v = attr(node, n);
    if (v !== null && v !== '-') return isoDate(v, `${path}@${n}`);
  }
  return null;
}

/** Optional text attribute; '-' gives null. */
export function optAttr(node: XmlNode, names: string[]): string | null {
  for (const n of names) {
    const v = attr(node, n);
    if (v !== null && v !== '-') return v;
  }
  return null;
}

/** Optional money attribute; '-' gives null. */
export function optMoney(node: XmlNode, name: string, path: string): Money | null {
  const v = optAttr(node, [name]);
  return v === null ? null : toMoney(v, `${path}@${name}`);
}

/**
 * A VAT amount element of СумНДСТип: `СумНал` (UPD) or `СумНДС` (УКД 189@) holds the amount,
 * `БезНДС` means zero, `ДефНДС` ('-') or nothing gives null.
 */
export function vatAmount(node: XmlNode | undefined, path: string): Money | null {
  if (!node) return null;
  for (const name of ['СумНал', 'СумНДС']) {
    const v = elementText(node, name);
    if (v !== null && v !== '-') return toMoney(v, `${path}/${name}`);
  }
  if (elementText(node, 'БезНДС') !== null) return '0.00';
  return null;
}

const VAT_RATES: readonly VatRate[] = [
  '0%',
  '5%',
  '7%',
  '10%',
  '18%',
  '20%',
  '22%',
  '5/105',
  '7/107',
  '10/110',
  '18/118',
  '20/120',
  '22/122',
  'без НДС',
  'НДС исчисляется налоговым агентом',
];

export function vatRate(raw: string, where: string): VatRate {
  let v = raw
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*([%/])\s*/g, '$1');
  const lower = v.toLowerCase();
  if (lower === 'без ндс') v = 'без НДС';
  else if (lower === 'ндс исчисляется налоговым агентом') v = 'НДС исчисляется налоговым агентом';
  else if (/^\d+$/.test(v)) v = `${v}%`;
  const found = VAT_RATES.find((r) => r === v);
  if (!found) throw new ParseError(`Неизвестная ставка НДС «${raw}» в ${where}`);
  return found;
}

function fio(node: XmlNode | undefined): string {
  return ['Фамилия', 'Имя', 'Отчество']
    .map((n) => attr(node, n))
    .filter((s): s is string => s !== null)
    .join(' ');
}

/**
 * A participant (УчастникТип / СвПродПокТип): organisation (СвЮЛУч), ИП (СвИП), person (СвФЛУч,
 * СвФЛУчастФХЖ) or a foreign organisation without ИНН (СвИнНеУч, СвЮлНеУч).
 */
export function party(node: XmlNode, path: string): Party {
  const idPath = join(path, 'ИдСв');
  const id = requireChild(node, 'ИдСв', path);
  const org = child(id, 'СвЮЛУч');
  if (org) {
    return {
      name: requireAttr(org, ['НаимОрг'], `${idPath}/СвЮЛУч`),
      inn: optAttr(org, ['ИННЮЛ']),
      kpp: optAttr(org, ['КПП']),
      isIndividual: false,
    };
  }
  const ip = child(id, 'СвИП');
  if (ip) {
    const name = fio(child(ip, 'ФИО'));
    return { name: name ? `ИП ${name}` : 'ИП', inn: optAttr(ip, ['ИННФЛ']), kpp: null, isIndividual: true };
  }
  const person = child(id, 'СвФЛУч') ?? child(id, 'СвФЛУчастФХЖ');
  if (person) {
    return {
      name: fio(child(person, 'ФИО')),
      inn: optAttr(person, ['ИННФЛ']),
      kpp: null,
      isIndividual: true,
    };
  }
  const foreign = child(id, 'СвИнНеУч') ?? child(id, 'СвЮлНеУч');
  if (foreign) {
    return {
      name: attr(foreign, 'НаимОрг') ?? attr(foreign, 'Наим') ?? '',
      inn: optAttr(foreign, ['ИННЮЛ']),
      kpp: null,
      isIndividual: false,
    };
  }
  throw new ParseError(`В элементе ${idPath} нет сведений об участнике (СвЮЛУч, СвИП или СвФЛУч)`);
}

/** Seller or buyer: an ИНН is required and must pass the checksum; a bad КПП is only a warning. */
export function counterparty(
  node: XmlNode,
  path: string,
  role: 'продавца' | 'покупателя',
  warnings: string[],
): Counterparty {
  const p = party(node, path);
  if (p.inn === null) {
    throw new ParseError(
      `Не указан ИНН ${role} (${path}/ИдСв): без ИНН документ нельзя сопоставить с договором`,
    );
  }
  const problem = checkInn(p.inn);
  if (problem) throw new ParseError(`Неверный ИНН ${role} «${p.inn}»: ${problem}`);
  if (p.kpp !== null) {
    const kppProblem = checkKpp(p.kpp);
    if (kppProblem) warnings.push(`КПП ${role} «${p.kpp}» указан неверно: ${kppProblem}`);
  }
  return { ...p, inn: p.inn };
}

/** Shipper or consignee: problems with its ИНН are warnings, not errors. */
export function checkSideParty(p: Party, role: string, warnings: string[]): Party {
  if (p.inn !== null) {
    const problem = checkInn(p.inn);
    if (problem) warnings.push(`ИНН ${role} «${p.inn}» не прошёл проверку: ${problem}`);
  }
  return p;
}

/** Basis or document reference in the old (`НаимОсн`/`НомОсн`/`ДатаОсн`) or `Рекв*` (5.02+) form. */
export function docRef(
  node: XmlNode,
  path: string,
  names: { name: string[]; number: string[]; date: string[] },
): DocRef {
  return {
    name: optAttr(node, names.name) ?? '',
    number: optAttr(node, names.number),
    date: optDate(node, names.date, path),
  };
}

export const BASIS_NAMES = {
  name: ['РеквНаимДок', 'НаимОсн'],
  number: ['РеквНомерДок', 'НомОсн'],
  date: ['РеквДатаДок', 'ДатаОсн'],
};

/** ИспрСчФ (5.01), ИспрДок (5.02+) or ИспрКСчФ (УКД) -> correction, '-' values become null. */
export function correction(
  node: XmlNode | undefined,
  numberNames: string[],
  dateNames: string[],
  path: string,
): Correction | null {
  if (!node) return null;
  const number = optAttr(node, numberNames);
  const date = optDate(node, dateNames, path);
  return number === null && date === null ? null : { number, date };
}

/** Compares a stated total with the sum of lines; a mismatch becomes a Russian warning. */
export function compareTotal(
  what: string,
  stated: string | null,
  computed: string | null,
  warnings: string[],
): void {
  if (stated !== null && computed !== null && stated !== computed) {
    warnings.push(`${what}: по строкам ${computed}, в итоге документа ${stated}`);
  }
}
