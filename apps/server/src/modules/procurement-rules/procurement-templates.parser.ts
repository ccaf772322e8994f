import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { ParseError } from '../../lib/parse-error.js';
import { isZip, readZipSafe, type ZipLimits } from '../../lib/zip.js';
import { describeTemplateError } from './procurement-rules.policy.js';
import { isTemplatePart, scanTemplateText, TEMPLATE_LIMITS } from './templates/template-limits.policy.js';

/**
 * Reading and filling DOCX templates with docxtemplater. Both run in the template thread
 * (templates/template-pool.ts) for uploaded templates; the demo seed and test factories call them
 * directly on their own templates. A ParseError is a refusal with its Russian message.
 */

/** docxtemplater options shared by reading and filling: loops over paragraphs and table rows. */
export const DOCX_OPTIONS = { paragraphLoop: true, linebreaks: true, errorLogging: false } as const;

type Part = { type: string; value?: string; module?: string; subparsed?: Part[] };
type TemplateErrorLike = {
  properties?: { id?: string; xtag?: string; context?: string; errors?: unknown[] };
};

const NOT_DOCX = 'Файл не является документом DOCX (ZIP-архив не читается)';
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The template's archive, inflated under the template limits (never trusting the sizes it
 * declares), and the tags of its text, counted and their nesting measured before docxtemplater
 * compiles anything: over a limit it is refused naming the limit.
 */
async function openDocx(
  content: Buffer,
  zipLimits: Partial<ZipLimits>,
): Promise<{ zip: PizZip; tags: string[] }> {
  if (!isZip(content)) throw new ParseError(NOT_DOCX);
  let entries: { name: string; data: Buffer }[];
  try {
    entries = await readZipSafe(content, zipLimits);
  } catch (err) {
    if (err instanceof ParseError) throw new ParseError(`Файл DOCX не принят: ${lowerFirst(err.message)}`);
    throw err;
  }
  if (!entries.some((e) => e.name === 'word/document.xml'))
    throw new ParseError('Файл не является документом DOCX (нет word/document.xml)');
  const scan = scanTemplateText(
    entries.filter((e) => isTemplatePart(e.name)).map((e) => e.data.toString('utf8')),
  );
  if (scan.refused) throw new ParseError(scan.refused);
  const zip = new PizZip();
  for (const e of entries) zip.file(e.name, e.data);
  return { zip, tags: scan.tags };
}

/** Tag names of parsed parts, loops included (a loop's own name and what is inside it). */
function collect(parts: Part[], out: Set<string>) {
  for (const p of parts) {
    if (p.type !== 'placeholder' || p.value === undefined) continue;
    out.add(p.value);
    if (p.subparsed) collect(p.subparsed, out);
  }
}

/**
 * Reads the tags of a DOCX template with docxtemplater itself, so a tag Word split across runs
 * (`{cust` + `omer_name}`) reads as one, exactly as it will be filled. A malformed template
 * (unclosed tag, loop without end…) gives the list of its errors, and the tags that did read,
 * so an unknown tag is reported beside an unclosed one. docxtemplater's InspectModule needs
 * lodash, which the project does not carry: a module with a `postparse` hook sees the same tree.
 * Throws ParseError when the file is not a DOCX or passes a template limit.
 */
export async function readTemplateTags(
  content: Buffer,
  zipLimits: Partial<ZipLimits> = TEMPLATE_LIMITS.zip,
): Promise<{ tags: string[]; malformed: string[] }> {
  const { zip, tags: scanned } = await openDocx(content, zipLimits);
  const tags = new Set<string>();
  const collector = {
    name: 'TagCollector',
    postparse(parsed: Part[]) {
      collect(parsed, tags);
      return parsed;
    },
  };
  try {
    new Docxtemplater(zip, { ...DOCX_OPTIONS, modules: [collector as never] });
  } catch (err) {
    const e = err as TemplateErrorLike;
    const list = (e.properties?.errors ?? [err]) as TemplateErrorLike[];
    const malformed = [...new Set(list.map((x) => describeTemplateError(x.properties ?? {})))];
    // the well-formed tags of the text: docxtemplater stops before handing its tree over
    return { tags: [...new Set([...tags, ...scanned])].map((t) => t.trim()).filter(Boolean), malformed };
  }
  return { tags: [...tags].map((t) => t.trim()).filter(Boolean), malformed: [] };
}

/** Fills a template with data (keys are the tag names, loops are arrays of scopes). */
export async function fillTemplate(
  content: Buffer,
  data: Record<string, unknown>,
  zipLimits: Partial<ZipLimits> = TEMPLATE_LIMITS.zip,
): Promise<Buffer> {
  const { zip } = await openDocx(content, zipLimits);
  const doc = new Docxtemplater(zip, { ...DOCX_OPTIONS, nullGetter: () => '' });
  doc.render(data);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
