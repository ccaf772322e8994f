import PizZip from 'pizzip';

/**
 * Builds a minimal WordprocessingML document (DOCX) from paragraphs and tables with pizzip: the
 * demo templates of the documents rules are written as code here rather than kept as binary
 * files, so their text is reviewable. Word opens the result; docxtemplater reads its tags.
 *
 * A run's text may contain docxtemplater tags (`{customer_name}`); `split` runs let a test put a
 * tag across several runs the way Word does after an edit.
 */
export type Run = string | { text: string; bold?: boolean; italic?: boolean };
export type Para = {
  runs: Run[];
  align?: 'left' | 'center' | 'right' | 'both';
  heading?: 1 | 2;
  /** spacing after, in twentieths of a point */
  after?: number;
};
export type Table = { table: { header: string[]; rows: string[][]; widths?: number[] } };
export type Block = Para | Table | string;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function runXml(r: Run, size: number, boldAll: boolean): string {
  const o = typeof r === 'string' ? { text: r } : r;
  const props = [
    o.bold || boldAll ? '<w:b/>' : '',
    o.italic ? '<w:i/>' : '',
    `<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman"/><w:sz w:val="${size}"/>`,
  ].join('');
  return `<w:r><w:rPr>${props}</w:rPr><w:t xml:space="preserve">${esc(o.text)}</w:t></w:r>`;
}

function paraXml(p: Para): string {
  const size = p.heading === 1 ? 28 : p.heading === 2 ? 24 : 24;
  const align = p.align ?? (p.heading === 1 ? 'center' : 'both');
  const pPr = `<w:pPr><w:jc w:val="${align}"/><w:spacing w:after="${p.after ?? 120}"/></w:pPr>`;
  return `<w:p>${pPr}${p.runs.map((r) => runXml(r, size, Boolean(p.heading))).join('')}</w:p>`;
}

function cell(text: string, width: number, bold: boolean): string {
  return `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${paraXml({
    runs: [{ text, bold }],
    align: 'left',
    after: 0,
  })}</w:tc>`;
}

function tableXml(t: Table['table']): string {
  const n = t.header.length;
  const widths = t.widths ?? t.header.map(() => Math.floor(9600 / n));
  const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`;
  const borders = `<w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders>`;
  const grid = `<w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>`;
  const row = (cells: string[], bold: boolean) =>
    `<w:tr>${cells.map((c, i) => cell(c, widths[i] ?? widths[0], bold)).join('')}</w:tr>`;
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>${borders}</w:tblPr>${grid}${row(t.header, true)}${t.rows
    .map((r) => row(r, false))
    .join('')}</w:tbl>`;
}

const toPara = (b: Block): string =>
  typeof b === 'string' ? paraXml({ runs: [b] }) : 'table' in b ? tableXml(b.table) : paraXml(b);

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;

/** The document as DOCX bytes (fixed timestamps: the same blocks give the same bytes and hash). */
export function buildDocx(title: string, blocks: Block[]): Buffer {
  const body = blocks.map(toPara).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="850" w:bottom="1134" w:left="1701" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const core = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${esc(title)}</dc:title><dc:creator>Zakupki</dc:creator></cp:coreProperties>`;
  const zip = new PizZip();
  const date = new Date('2025-01-01T00:00:00Z');
  zip.file('[Content_Types].xml', CONTENT_TYPES, { date });
  zip.file('_rels/.rels', RELS, { date });
  zip.file('word/document.xml', document, { date });
  zip.file('docProps/core.xml', core, { date });
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
