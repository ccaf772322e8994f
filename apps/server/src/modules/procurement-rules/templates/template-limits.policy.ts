import type { ZipLimits } from '../../../lib/zip.js';

/**
 * Bounds of a DOCX template (docs/operations.md, «Template limits»). A real procurement template
 * (documentation of a tender, a draft contract with its specification) is a few hundred kilobytes,
 * a few dozen parts, a few hundred tags, and nests loops and conditions at most three or four
 * deep (lots → items → a condition inside a row). Rendering a loop nested in a loop multiplies
 * the work per level, so a small hostile template could otherwise hold a thread for ever; the
 * limits are far above any real template and far below a harmful one.
 */
export const TEMPLATE_LIMITS = {
  /** Most bytes of an uploaded template file. */
  maxFileBytes: 20 * 1024 * 1024,
  /** Most loops and conditions ({#…}, {^…}) open inside one another. */
  maxDepth: 8,
  /** Most tags ({…}) in all parts of a template together. */
  maxTags: 2000,
  /** Decompression limits of the DOCX archive (lib/zip.ts enforces them on inflated bytes). */
  zip: {
    maxEntries: 1000,
    maxEntryBytes: 50 * 1024 * 1024,
    maxTotalBytes: 100 * 1024 * 1024,
    maxRatio: 100,
    ratioMinBytes: 1024 * 1024,
  } satisfies ZipLimits,
  /** Time a template's reading or filling may take in its worker thread before it is killed. */
  renderMs: 20_000,
  /** Heap of the template thread. */
  heapMb: 512,
} as const;

/** The XML parts docxtemplater fills: the body, headers, footers, foot- and endnotes. */
export const isTemplatePart = (name: string) =>
  /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/.test(name);

const TEXT_RUN = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g;

export type TextScan = {
  /** tag names as written (without `#`, `^`, `/`), in order of appearance, each once */
  tags: string[];
  /** the limit passed, as a Russian sentence naming it; null when within the limits */
  refused: string | null;
};

/**
 * Reads the tags of the text runs of a template's parts in one linear pass, before docxtemplater
 * compiles anything: how many there are and how deep loops and conditions nest. The text is read
 * as docxtemplater reads it (the runs' text joined, so a tag Word split across runs counts once).
 * A malformed tag is skipped here: docxtemplater names it afterwards.
 */
export function scanTemplateText(parts: string[], limits = TEMPLATE_LIMITS): TextScan {
  const tags = new Set<string>();
  let count = 0;
  let depth = 0;
  for (const xml of parts) {
    let text = '';
    for (const m of xml.matchAll(TEXT_RUN)) text += m[1];
    let open = -1;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === '{') open = i;
      else if (ch === '}' && open !== -1) {
        const raw = text.slice(open + 1, i).trim();
        open = -1;
        count += 1;
        if (count > limits.maxTags)
          return {
            tags: [...tags],
            refused: `В шаблоне больше ${limits.maxTags} полей в фигурных скобках (ограничение шаблона)`,
          };
        const kind = raw[0];
        const name = (kind === '#' || kind === '^' || kind === '/' ? raw.slice(1) : raw).trim();
        if (name) tags.add(unescapeXml(name));
        if (kind === '#' || kind === '^') {
          depth += 1;
          if (depth > limits.maxDepth)
            return {
              tags: [...tags],
              refused: `Циклы и условия шаблона вложены друг в друга глубже ${limits.maxDepth} уровней (ограничение шаблона)`,
            };
        } else if (kind === '/') depth = Math.max(0, depth - 1);
      }
    }
  }
  return { tags: [...tags], refused: null };
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
