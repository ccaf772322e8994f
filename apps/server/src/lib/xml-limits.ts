import { ParseError } from './parse-error.js';

/**
 * Bounds of an uploaded XML document, far above real ones (an EIS export of 20 MB has some
 * 400 000 elements, nesting below 20, at most a dozen attributes on an element) and far below
 * what stalls a parser: fast-xml-parser spent 14 s and 1.35 GB on 900 000 attributes, and
 * recursion dies on 500 000 nested elements.
 */
export type XmlLimits = {
  maxDepth: number;
  maxElements: number;
  maxAttributes: number;
  maxAttributesPerElement: number;
};

export const XML_LIMITS: XmlLimits = {
  maxDepth: 64,
  maxElements: 1_000_000,
  maxAttributes: 1_000_000,
  maxAttributesPerElement: 256,
};

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQ = 0x3d;
const DQ = 0x22;
const SQ = 0x27;

function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function nameAt(text: string, at: number): string {
  const m = /^[^\s/>]{1,80}/.exec(text.slice(at + 1, at + 82));
  return m ? m[0] : '?';
}

/**
 * Counts elements, attributes and nesting in one pass over the markup (no tree is built) and
 * refuses a document over a limit with a Russian message naming the limit, the element and its
 * line. Runs before the parser, so the parser only ever sees bounded documents. Malformed markup
 * is left to the parser, which names it.
 */
export function checkXmlLimits(text: string, limits: XmlLimits = XML_LIMITS): void {
  let depth = 0;
  let elements = 0;
  let attributes = 0;
  const refuse = (at: number, what: string) =>
    new ParseError(what, `строка ${lineAt(text, at)}, элемент <${nameAt(text, at)}>`);
  let i = text.indexOf('<');
  while (i !== -1) {
    const next = text.charCodeAt(i + 1);
    if (next === BANG) {
      // comment, CDATA (DOCTYPE is refused before this)
      const close = text.startsWith('<!--', i) ? '-->' : text.startsWith('<![CDATA[', i) ? ']]>' : '>';
      const end = text.indexOf(close, i + 2);
      if (end === -1) return;
      i = text.indexOf('<', end + close.length);
      continue;
    }
    if (next === QUESTION) {
      const end = text.indexOf('?>', i + 2);
      if (end === -1) return;
      i = text.indexOf('<', end + 2);
      continue;
    }
    if (next === SLASH) {
      depth--;
      i = text.indexOf('<', i + 2);
      continue;
    }
    elements++;
    if (elements > limits.maxElements)
      throw refuse(i, `В XML больше ${limits.maxElements} элементов — такой файл не принимается`);
    let own = 0;
    let quote = 0;
    let j = i + 1;
    for (; j < text.length; j++) {
      const ch = text.charCodeAt(j);
      if (quote) {
        if (ch === quote) quote = 0;
      } else if (ch === DQ || ch === SQ) quote = ch;
      else if (ch === EQ) own++;
      else if (ch === GT || ch === LT) break;
    }
    if (own > limits.maxAttributesPerElement)
      throw refuse(
        i,
        `У элемента больше ${limits.maxAttributesPerElement} атрибутов — такой файл не принимается`,
      );
    attributes += own;
    if (attributes > limits.maxAttributes)
      throw refuse(i, `В XML больше ${limits.maxAttributes} атрибутов — такой файл не принимается`);
    if (text.charCodeAt(j - 1) !== SLASH) {
      depth++;
      if (depth > limits.maxDepth)
        throw refuse(
          i,
          `Вложенность элементов XML глубже ${limits.maxDepth} уровней — такой файл не принимается`,
        );
    }
    if (j >= text.length) return;
    // a `<` inside a tag is malformed markup: the parser names it; the scan goes on from there
    i = text.charCodeAt(j) === LT ? j : text.indexOf('<', j + 1);
  }
}
