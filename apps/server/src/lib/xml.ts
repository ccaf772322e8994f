import { XMLParser, XMLValidator } from 'fast-xml-parser';
import iconv from 'iconv-lite';
import { ParseError } from './parse-error.js';
import { utf16WithoutBom } from './utf16.js';

/** Largest XML document we agree to parse (bytes). Real UPD and EIS files are far smaller. */
export const MAX_XML_BYTES = 20 * 1024 * 1024;

const DECLARATION = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i;

/**
 * Decodes an XML file by its BOM or declared encoding (windows-1251 is the usual one for FNS
 * documents, UTF-8 for EIS). Unknown encodings are refused rather than guessed.
 */
export function decodeXml(buf: Buffer): string {
  if (buf.length > MAX_XML_BYTES) {
    throw new ParseError(`Файл слишком большой для XML-документа (${Math.round(buf.length / 1048576)} МБ)`);
  }
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    return buf.subarray(3).toString('utf8');
  }
  if (buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) {
    return iconv.decode(buf, buf[0] === 0xff ? 'utf-16le' : 'utf-16be');
  }
  // XML allows UTF-16 without a BOM: the zeros around `<?xml` tell it (XML 1.0, appendix F)
  const utf16 = utf16WithoutBom(buf);
  if (utf16) return iconv.decode(buf, utf16);
  const head = buf.subarray(0, 200).toString('latin1');
  const declared = DECLARATION.exec(head)?.[1]?.toLowerCase();
  const firstNonSpace = head.trimStart()[0];
  if (firstNonSpace !== '<') {
    throw new ParseError('Файл не является XML-документом');
  }
  if (!declared || declared === 'utf-8' || declared === 'utf8') {
    return buf.toString('utf8');
  }
  if (!iconv.encodingExists(declared)) {
    throw new ParseError(`Неизвестная кодировка XML: ${declared}`);
  }
  return iconv.decode(buf, declared);
}

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/**
 * Parses XML text into plain objects: attributes as `@name`, namespace prefixes removed (match
 * by local name), all values kept as strings. DOCTYPE and entity declarations are refused, which
 * closes external-entity and entity-expansion attacks; malformed XML names the line.
 */
export function parseXml(text: string): XmlNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new ParseError('XML содержит объявление DOCTYPE или ENTITY, такие файлы не принимаются');
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { line, msg } = valid.err;
    throw new ParseError(`Повреждённый XML: ${msg}`, `строка ${line}`);
  }
  return parser.parse(text) as XmlNode;
}

/** Reads a child that may be absent, single or repeated as an array. */
export function asArray<T = XmlNode>(value: unknown): T[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]) as T[];
}

/** Child element by local name (namespace prefixes are already removed). */
export function child(node: unknown, name: string): XmlNode | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const v = (node as XmlNode)[name];
  if (Array.isArray(v)) return v[0] as XmlNode;
  if (v && typeof v === 'object') return v as XmlNode;
  if (typeof v === 'string') return { '#text': v };
  return undefined;
}

/** Text of an attribute (`@Name`) or of a child element, or undefined. */
export function text(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const v = (node as XmlNode)[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return text({ x: v[0] }, 'x');
  if (typeof v === 'object' && '#text' in (v as XmlNode)) return String((v as XmlNode)['#text']);
  return undefined;
}

/** Follows a path of local names: `path(root, 'body', 'item', 'contractData')`. */
export function path(node: unknown, ...names: string[]): XmlNode | undefined {
  let cur: unknown = node;
  for (const n of names) {
    cur = child(cur, n);
    if (!cur) return undefined;
  }
  return cur as XmlNode;
}
