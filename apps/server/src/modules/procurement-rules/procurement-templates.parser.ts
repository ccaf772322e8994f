import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { describeTemplateError } from './procurement-rules.policy.js';

/** docxtemplater options shared by reading and filling: loops over paragraphs and table rows. */
export const DOCX_OPTIONS = { paragraphLoop: true, linebreaks: true, errorLogging: false } as const;

type Part = { type: string; value?: string; module?: string; subparsed?: Part[] };
type TemplateErrorLike = {
  properties?: { id?: string; xtag?: string; context?: string; errors?: unknown[] };
};

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
 * (unclosed tag, loop without end…) gives the list of its errors instead. docxtemplater's
 * InspectModule needs lodash, which the project does not carry: a module with a `postparse`
 * hook sees the same parsed tree.
 */
export function readTemplateTags(content: Buffer): { tags: string[]; malformed: string[] } {
  let zip: PizZip;
  try {
    zip = new PizZip(content);
  } catch {
    return { tags: [], malformed: ['Файл не является документом DOCX (ZIP-архив не читается)'] };
  }
  if (!zip.file('word/document.xml'))
    return { tags: [], malformed: ['Файл не является документом DOCX (нет word/document.xml)'] };
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
    const malformed = list.map((x) => describeTemplateError(x.properties ?? {}));
    return { tags: [], malformed: [...new Set(malformed)] };
  }
  return { tags: [...tags].map((t) => t.trim()).filter(Boolean), malformed: [] };
}

/** Fills a template with data (keys are the tag names, loops are arrays of scopes). */
export function fillTemplate(content: Buffer, data: Record<string, unknown>): Buffer {
  const doc = new Docxtemplater(new PizZip(content), { ...DOCX_OPTIONS, nullGetter: () => '' });
  doc.render(data);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
