import { createHash } from 'node:crypto';
import { moscowDateTime } from '../../lib/moscow-time.js';

/** An element to write; null/undefined/false children are skipped, so optional parts read naturally. */
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

// Characters XML 1.0 forbids (control characters other than tab, LF, CR; lone surrogates excluded by JS).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(value: string): string {
  return value
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function write(node: XmlElement, depth: number, out: string[]) {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  const children = (node.children ?? []).filter((c): c is XmlElement => !!c);
  if (node.text !== undefined) {
    out.push(`${pad}<${node.name}${attrs}>${escapeXml(node.text)}</${node.name}>`);
  } else if (children.length === 0) {
    out.push(`${pad}<${node.name}${attrs}/>`);
  } else {
    out.push(`${pad}<${node.name}${attrs}>`);
    for (const c of children) write(c, depth + 1, out);
    out.push(`${pad}</${node.name}>`);
  }
}

/** UTF-8 XML document with a declaration, indented by two spaces. */
export function renderXml(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'];
  write(root, 0, out);
  return `${out.join('\n')}\n`;
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
