import { ParseError } from '../../../lib/parse-error.js';
import { fillTemplate, readTemplateTags } from '../procurement-templates.parser.js';

/** What the template thread of template-pool.ts is asked: read a template's tags, or fill it. */
export type TemplateTask =
  | { op: 'read'; docx: Uint8Array }
  | { op: 'fill'; docx: Uint8Array; data: Record<string, unknown> };

export type TemplateOutcome =
  | { tags: string[]; malformed: string[] }
  | { docx: Uint8Array }
  | { refused: string }
  | { failed: string };

/** Runs in the template thread: a refusal or a render error comes back as its message. */
export default async function run(task: TemplateTask): Promise<TemplateOutcome> {
  const buf = Buffer.from(task.docx.buffer, task.docx.byteOffset, task.docx.byteLength);
  try {
    if (task.op === 'read') return await readTemplateTags(buf);
    return { docx: await fillTemplate(buf, task.data) };
  } catch (err) {
    if (err instanceof ParseError) return { refused: err.message };
    // docxtemplater's render errors (a template changed since upload, a scope it cannot read)
    return { failed: err instanceof Error ? err.message : String(err) };
  }
}
