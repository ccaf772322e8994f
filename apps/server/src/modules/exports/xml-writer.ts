import { createHash } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import { moscowDateTime } from '../../lib/moscow-time.js';

/**
 * An element of an EIS document, built by the exports' builders and written by renderXml;
 * null/undefined/false children are skipped, so optional parts read naturally.
 */
export type XmlElement = {
  name: string;
  attrs?: Record<string, string>;
  text?: string;
  children?: XmlChild[];
};
export type XmlChild = XmlElement | null | undefined | false;

/** An element with children. */
export const el = (name: string, ...children: XmlChild[]): XmlElement => ({ name, children });

/** A text element, or nothing when the value is null/undefined/''. */
export function leaf(name: string, value: string | number | boolean | null | undefined): XmlElement | null {
  if (value === null || value === undefined || value === '') return null;
  return { name, text: String(value) };
}

// Characters XML 1.0 forbids (control characters other than tab, LF, CR; lone surrogates excluded by JS):
// dropped from text and attribute values, which the builder escapes but does not filter.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const clean = (value: string) => value.replace(FORBIDDEN, '');

/** fast-xml-parser's ordered form: `{ name: [children], ':@': { '@_attr': value } }`, text as `#text`. */
type OrderedNode = Record<string, unknown>;

function toOrdered(node: XmlElement): OrderedNode {
  const children =
    node.text !== undefined
      ? [{ '#text': clean(node.text) }]
      : (node.children ?? []).filter((c): c is XmlElement => !!c).map(toOrdered);
  const out: OrderedNode = { [node.name]: children };
  if (node.attrs && Object.keys(node.attrs).length)
    out[':@'] = Object.fromEntries(Object.entries(node.attrs).map(([k, v]) => [`@_${k}`, clean(v)]));
  return out;
}

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  processEntities: true,
});

const DECLARATION: OrderedNode = {
  '?xml': [{ '#text': '' }],
  ':@': { '@_version': '1.0', '@_encoding': 'UTF-8', '@_standalone': 'yes' },
};

/** UTF-8 XML document with a declaration, indented by two spaces (fast-xml-parser's XMLBuilder). */
export function renderXml(root: XmlElement): string {
  return `${builder.build([DECLARATION, toOrdered(root)])}\n`;
}

/** Fixed namespace of the name-based GUIDs below (random, generated once for this project). */
const NAMESPACE = Buffer.from('6f1c2b7e9a4d4c8bb3e25d0a7c9f1e43', 'hex');

/**
 * A name-based GUID (RFC 9562 version 5: SHA-1 of namespace + name): the same name always gives
 * the same GUID, so a contract without an EIS guid, or a specification line, keeps its identifier
 * from one export to the next.
 */
export function nameGuid(name: string): string {
  const h = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** An EIS date-time: Moscow local time without an offset, as the EIS writes it ('2018-05-29T10:35:06'). */
export const eisDateTime = (at: Date): string => moscowDateTime(at);

/** Money with exactly two fraction digits (the EIS money2 type): '1250000' -> '1250000.00'. */
export function money2(value: string): string {
  const [i, f = ''] = value.split('.');
  return `${i}.${f.padEnd(2, '0').slice(0, 2)}`;
}
