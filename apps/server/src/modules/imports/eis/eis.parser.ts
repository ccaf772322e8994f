import type { EisDocument } from '../../../kernel/eis/eis.types.js';
import { ParseError } from '../../../lib/parse-error.js';
import { decodeXml, parseXml, type XmlNode } from '../../../lib/xml.js';
import { list } from './eis-values.js';
import { parseEis44Contract } from './eis44-contract.parser.js';
import { parseEis44Procedure } from './eis44-procedure.parser.js';
import { parseEis223Contracts } from './eis223-contract.parser.js';
import { parseEis223Notices } from './eis223-notice.parser.js';
import { parseEis223Performance } from './eis223-performance.parser.js';
import { parseEis223Plans } from './eis223-plan.parser.js';
import { parseEis223Protocols } from './eis223-protocol.parser.js';

export type { EisDocument } from '../../../kernel/eis/eis.types.js';

const isElementKey = (k: string) => !k.startsWith('@') && !k.startsWith('#') && !k.startsWith('?');

/** An element's content as an object: `<x/>` parses to '' and `<x>text</x>` to a string. */
const asNode = (v: unknown): XmlNode =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as XmlNode) : {};

/**
 * Reads an EIS (zakupki.gov.ru) XML export and returns its records, dispatching on the root:
 * 223-FZ `contract`, `performanceContract`, `purchasePlan`, `purchaseNotice*` and
 * `purchaseProtocol*` of every form (every `body/item`), 44-FZ
 * `export/contract` and `export/contractProcedure`. Pure: no I/O beyond the given buffer.
 *
 * Throws ParseError (Russian message) for a file that is not XML, malformed XML (with the line),
 * DOCTYPE/ENTITY declarations, an unknown document type, or a record that lacks required data or
 * holds a malformed value (with the element path, e.g. «body/item[2]/contractData: нет
 * registrationNumber и guid»). One bad record rejects the whole file.
 */
export function parseEisFile(buf: Buffer, fileName: string): EisDocument[] {
  const doc = parseXml(decodeXml(buf));
  const roots = Object.keys(doc).filter(isElementKey);
  if (roots.length !== 1) {
    throw new ParseError(
      roots.length ? `Неизвестный тип документа ЕИС: ${roots.join(', ')}` : 'В XML нет корневого элемента',
    );
  }
  const rootName = roots[0];
  const root = asNode(doc[rootName]);
  switch (rootName) {
    case 'contract':
      return parseEis223Contracts(root, fileName);
    case 'performanceContract':
      return parseEis223Performance(root, fileName);
    case 'purchasePlan':
      return parseEis223Plans(root, fileName);
    case 'export':
      return parseExport44(root, fileName);
    default:
      if (/^purchaseNotice[A-Z0-9]*$/.test(rootName)) return parseEis223Notices(root, rootName, fileName);
      if (/^purchaseProtocol[A-Z0-9]*$/.test(rootName)) return parseEis223Protocols(root, rootName, fileName);
      throw new ParseError(`Неизвестный тип документа ЕИС: ${rootName}`);
  }
}

/** 44-FZ `export`: every child must be a known document; an export usually holds one. */
function parseExport44(root: XmlNode, fileName: string): EisDocument[] {
  const names = Object.keys(root).filter(isElementKey);
  const unknown = names.filter((n) => n !== 'contract' && n !== 'contractProcedure');
  if (!names.length) throw new ParseError('Неизвестный тип документа ЕИС: пустой export');
  if (unknown.length) throw new ParseError(`Неизвестный тип документа ЕИС: export/${unknown[0]}`);
  const result: EisDocument[] = [];
  for (const name of names) {
    list(root, name).forEach((node, i) => {
      const at = `export/${name}[${i + 1}]`;
      result.push(
        name === 'contract'
          ? parseEis44Contract(node, fileName, at, i + 1)
          : parseEis44Procedure(node, fileName, at, i + 1),
      );
    });
  }
  return result;
}
