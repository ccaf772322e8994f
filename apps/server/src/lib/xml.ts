import { XMLParser, XMLValidator } from 'fast-xml-parser';
import iconv from 'iconv-lite';
import { ParseError } from './parse-error.js';
import { utf16WithoutBom } from './utf16.js';
import { checkXmlLimits } from './xml-limits.js';

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
  if (isUtf32(buf)) {
    throw new ParseError('Файл в кодировке UTF-32 не поддерживается: сохраните его в UTF-8 или windows-1251');
  }
  return refuseNul(decodeByBomOrDeclaration(buf));
}

/** UTF-32 by its BOM or by the three zero bytes around the opening `<` (XML 1.0, appendix F). */
function isUtf32(buf: Buffer): boolean {
  if (buf.length < 4) return false;
  const head = buf.readUInt32BE(0);
  return head === 0x0000feff || head === 0xfffe0000 || head === 0x0000003c || head === 0x3c000000;
}

/**
 * XML forbids the NUL character anywhere, and PostgreSQL text cannot hold it: a parser message
 * quoting it could not even be stored. The position counts characters from 1.
 */
function refuseNul(text: string): string {
  const at = text.indexOf('\u0000');
  if (at >= 0) {
    throw new ParseError(
      `В файле есть нулевой байт (позиция ${at + 1}): это не XML-текст или файл повреждён`,
    );
  }
  return text;
}

function decodeByBomOrDeclaration(buf: Buffer): string {
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
  checkXmlLimits(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    throw new ParseError(`Повреждённый XML: ${validatorMessage(msg)}`, `строка ${line}, позиция ${col}`);
  }
  try {
    return parser.parse(text) as XmlNode;
  } catch {
    throw new ParseError('Повреждённый XML: документ не удалось разобрать');
  }
}

/**
 * fast-xml-parser's validator speaks English; its messages (validator.js, v5) in Russian, with
 * the names they carry. One it does not know is named generally rather than shown in English.
 */
const VALIDATOR_MESSAGES: [RegExp, (...m: string[]) => string][] = [
  [
    /Closing tag '(.*?)' is expected inplace of '(.*?)'/,
    (a, b) => `ожидался закрывающий тег </${a}>, а стоит </${b}>`,
  ],
  [
    /Expected closing tag '(.*?)' \(opened in line (\d+), col (\d+)\) instead of closing tag '(.*?)'/,
    (a, line, col, b) =>
      `ожидался закрывающий тег </${a}> (элемент открыт в строке ${line}, позиция ${col}), а стоит </${b}>`,
  ],
  [/Closing tag '(.*?)' has not been opened/, (a) => `закрывающий тег </${a}> без открывающего`],
  [
    /Closing tag '(.*?)' doesn't have proper closing/,
    (a) => `закрывающий тег </${a}> не завершён знаком «>»`,
  ],
  [/Closing tag '(.*?)' can't have attributes/, (a) => `у закрывающего тега </${a}> не может быть атрибутов`],
  [/Unclosed tag '(.*?)'/, (a) => `элемент <${a}> не закрыт`],
  [/Tag '(.*?)' is an invalid name/, (a) => `недопустимое имя элемента «${a}»`],
  [/Attribute '(.*?)' is repeated/, (a) => `атрибут «${a}» повторяется`],
  [/Attribute '(.*?)' is without value/, (a) => `у атрибута «${a}» нет значения`],
  [/boolean attribute '(.*?)' is not allowed/, (a) => `у атрибута «${a}» нет значения`],
  [/Attribute '(.*?)' is an invalid name/, (a) => `недопустимое имя атрибута «${a}»`],
  [/Attribute '(.*?)' has no space in starting/, (a) => `перед атрибутом «${a}» нет пробела`],
  [/Attributes for '(.*?)' have open quote/, (a) => `у атрибута элемента <${a}> не закрыта кавычка`],
  [/Invalid space after '<'/, () => 'пробел после «<»'],
  [/There is an unnecessary space between tag name and backward slash/, () => 'лишний пробел перед «/>»'],
  [/XML declaration allowed only at the start/, () => 'объявление <?xml?> допускается только в начале файла'],
  [/Multiple possible root nodes found/, () => 'в файле несколько корневых элементов'],
  [/Extra text at the end/, () => 'лишний текст после корневого элемента'],
  [/Start tag expected/, () => 'нет корневого элемента'],
  [/Invalid '\[(.*?)\]' found/, () => 'недопустимый фрагмент разметки'],
  [/char '(.*?)' is not expected/, (a) => `недопустимый символ «${a}»`],
  [/Text data outside of root node/, () => 'текст вне корневого элемента'],
];

function validatorMessage(msg: string): string {
  for (const [re, say] of VALIDATOR_MESSAGES) {
    const m = re.exec(msg);
    if (m) return say(...m.slice(1));
  }
  return 'разметка построена с ошибкой';
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
