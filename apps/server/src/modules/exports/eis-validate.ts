import { readFile } from 'node:fs/promises';
import { validateXML, type XMLValidationError } from 'xmllint-wasm';

/**
 * Validation of the EIS XML we build against the EIS 223-ФЗ integration schemas shipped in ./xsd
 * (contract.xsd and the Types.xsd it imports, version 12.2). contract.xsd declares both `contract`
 * and `performanceContract`, so both documents are checked.
 */

const XSD_DIR = new URL('./xsd/', import.meta.url);
let schemas: Promise<{ contract: string; types: string }> | null = null;

function loadSchemas() {
  schemas ??= Promise.all([
    readFile(new URL('contract.xsd', XSD_DIR), 'utf8'),
    readFile(new URL('Types.xsd', XSD_DIR), 'utf8'),
  ]).then(([contract, types]) => ({ contract, types }));
  return schemas;
}

export type XsdResult = { valid: boolean; errors: string[] };

const local = (qname: string) => qname.replace(/\{[^}]*\}/g, '');
const list = (s: string) =>
  s
    .split(',')
    .map((x) => local(x.trim()))
    .filter(Boolean)
    .join(', ');

/** A facet violation of a simple type (length, pattern, enumeration, digits) in Russian. */
function facet(element: string, name: string, text: string): string {
  let r = /length of '(\d+)'; this exceeds the allowed maximum length of '(\d+)'/.exec(text);
  if (r) return `значение элемента ${element} длиннее допустимого: ${r[1]} символов при максимуме ${r[2]}`;
  r = /length of '(\d+)'; this underruns the allowed minimum length of '(\d+)'/.exec(text);
  if (r) return `значение элемента ${element} короче допустимого: ${r[1]} символов при минимуме ${r[2]}`;
  r = /The value '([^']*)' is not accepted by the pattern '([^']*)'/.exec(text);
  if (r) return `значение «${r[1]}» элемента ${element} не соответствует шаблону ${r[2]}`;
  r = /The value '([^']*)' is not an element of the set \{(.*)\}/.exec(text);
  if (r)
    return `значение «${r[1]}» элемента ${element} не входит в перечень допустимых: ${r[2].replace(/'/g, '')}`;
  return `значение элемента ${element} нарушает ограничение схемы ${name}: ${text}`;
}

/** One xmllint message in Russian, with the line of the document it points at. */
export function explainXsdError(e: Pick<XMLValidationError, 'message' | 'loc'>): string {
  const where = e.loc ? `строка ${e.loc.lineNumber}: ` : '';
  const m = e.message.replace(/^Schemas validity error : /, '').trim();
  let r = /^Element '([^']+)': This element is not expected\. Expected is (?:one of )?\( ?(.+?) ?\)\.?$/.exec(
    m,
  );
  if (r) return `${where}элемент ${local(r[1])} здесь не ожидается; ожидается: ${list(r[2])}`;
  r = /^Element '([^']+)': This element is not expected\.?$/.exec(m);
  if (r) return `${where}элемент ${local(r[1])} здесь не ожидается`;
  r = /^Element '([^']+)': Missing child element\(s\)\. Expected is (?:one of )?\( ?(.+?) ?\)\.?$/.exec(m);
  if (r) return `${where}в элементе ${local(r[1])} не хватает обязательного элемента: ${list(r[2])}`;
  r = /^Element '([^']+)': \[facet '(\w+)'\] (.*)$/.exec(m);
  if (r) return `${where}${facet(local(r[1]), r[2], r[3])}`;
  r =
    /^Element '([^']+)': '([^']*)' is not a valid value of the (?:atomic|local atomic|list) type '([^']+)'\.?$/.exec(
      m,
    );
  if (r) return `${where}значение «${r[2]}» элемента ${local(r[1])} не соответствует типу ${local(r[3])}`;
  r = /^Element '([^']+)': (.*)$/.exec(m);
  if (r) return `${where}элемент ${local(r[1])}: ${r[2]}`;
  return `${where}${m}`;
}

/** Checks an EIS 223-ФЗ document (`contract` or `performanceContract`) against contract.xsd. */
export async function validateEis223(xml: string): Promise<XsdResult> {
  const { contract, types } = await loadSchemas();
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [{ fileName: 'contract.xsd', contents: contract }],
    preload: [{ fileName: 'Types.xsd', contents: types }],
  });
  return { valid: result.valid, errors: result.errors.map(explainXsdError) };
}

/** The Russian reason a built document is refused: the first errors of the validator. */
export function xsdFailureMessage(what: string, errors: string[], shown = 3): string {
  const head = errors.slice(0, shown).join('; ');
  const more = errors.length > shown ? ` (и ещё ошибок: ${errors.length - shown})` : '';
  return `${what} не прошли проверку по схеме ЕИС contract.xsd, файл не выдан: ${head}${more}`;
}
