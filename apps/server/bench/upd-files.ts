import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import pg from 'pg';
import { prng } from './bank-statement.js';
import { ROOT } from './lib.js';

/** The real УПД 5.03 (windows-1251) every generated document is made from. */
export const UPD_TEMPLATE = 'vscherbo__example-upd_5.03.xml';
// BENCH_SHARED_DIR: where shared/ is when it is not beside the repository (a git worktree)
const TEMPLATE_PATH = path.resolve(
  process.env.BENCH_SHARED_DIR ?? path.resolve(ROOT, '../shared'),
  'fixtures/real/upd',
  UPD_TEMPLATE,
);

type Item = {
  name: string;
  okei: string | null;
  unit: string | null;
  quantity: number;
  price: number;
  vat: string;
};
type Contract = {
  number: string;
  date: string;
  inn: string;
  kpp: string | null;
  name: string;
  items: Item[];
};

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const ru = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const kop = (n: number) => Math.round(n * 100);
const money = (k: number) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`;
const rateOf = (vat: string) => (vat === 'без НДС' ? 0 : Number.parseInt(vat, 10));

/** Replaces one attribute value of the first element `tag` in `xml`. */
function setAttr(xml: string, tag: string, name: string, value: string): string {
  const re = new RegExp(`(<${tag}(?=[\\s/>])[^>]*?\\s${name}=")[^"]*(")`);
  if (!re.test(xml)) throw new Error(`template has no ${tag}@${name}`);
  return xml.replace(re, `$1${esc(value)}$2`);
}

/**
 * 1 000 УПД (the real 5.03 sample with its seller, buyer, numbers, dates, basis and lines
 * replaced) for contracts of the company's register: each names its contract in ОснПер (number
 * and date), is sold by the contract's supplier to the company, and ships part of the contract's
 * specification (some lines named a little differently, as suppliers do). One ZIP archive.
 */
export async function updArchive(
  url: string,
  companyId: number,
  count: number,
): Promise<{ zip: Buffer; files: number; lines: number; bytes: number }> {
  const template = iconv.decode(fs.readFileSync(TEMPLATE_PATH), 'win1251');
  const lineTemplate = /<СведТов [\s\S]*?<\/СведТов>/.exec(template)?.[0];
  if (!lineTemplate) throw new Error('template has no СведТов');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let buyer: { inn: string; kpp: string; name: string };
  let contracts: Contract[];
  try {
    buyer = (await client.query('select inn, kpp, title as name from companies where id = $1', [companyId]))
      .rows[0];
    const { rows } = await client.query(
      `select c.id, c.number, to_char(c.contract_date, 'YYYY-MM-DD') as date, c.supplier_inn as inn,
         c.supplier_kpp as kpp, c.supplier_name as name,
         json_agg(json_build_object('name', i.name, 'okei', i.okei_code, 'unit', i.unit_name,
           'quantity', i.quantity, 'price', i.price, 'vat', i.vat_rate) order by i.line_no) as items
       from (select * from contracts where company_id = $1 and status = 'concluded'
               and contract_date < current_date - 30 order by md5(id::text) limit $2) c
       join contract_items i on i.contract_id = c.id
       group by c.id, c.number, c.contract_date, c.supplier_inn, c.supplier_kpp, c.supplier_name`,
      [companyId, count],
    );
    contracts = rows.map((r) => ({
      ...r,
      items: (r.items as Item[]).map((i) => ({ ...i, quantity: Number(i.quantity), price: Number(i.price) })),
    }));
  } finally {
    await client.end();
  }
  if (contracts.length < count) throw new Error(`only ${contracts.length} contracts for ${count} УПД`);
  const rand = prng(503);
  const files: Record<string, Uint8Array> = {};
  let lines = 0;
  let bytes = 0;
  const today = new Date().toISOString().slice(0, 10);
  for (let n = 0; n < count; n++) {
    const c = contracts[n];
    const shipped = new Date(Date.parse(`${c.date}T00:00:00Z`) + (5 + Math.floor(rand() * 25)) * 86400_000);
    const date = shipped.toISOString().slice(0, 10) < today ? shipped.toISOString().slice(0, 10) : today;
    const number = `${1000 + n}`;
    const items = c.items.slice(0, 1 + Math.floor(rand() * Math.min(8, c.items.length)));
    let totalWithout = 0;
    let totalVat = 0;
    const rows = items.map((it, j) => {
      const rate = rateOf(it.vat);
      const qty = Math.max(1, Math.floor(it.quantity * (0.1 + rand() * 0.4)));
      const priceWithout = Math.round((it.price / (1 + rate / 100)) * 100) / 100;
      const without = kop(qty * priceWithout);
      const vat = Math.round((without * rate) / 100);
      totalWithout += without;
      totalVat += vat;
      // a supplier writes some names its own way: the mapping has to find them by similarity
      const name = rand() < 0.2 ? `${it.name}, арт. ${100000 + Math.floor(rand() * 900000)}` : it.name;
      let row = lineTemplate.replace(/\s*<ДопСведТов>[\s\S]*?<\/ДопСведТов>/, '');
      row = setAttr(row, 'СведТов', 'НомСтр', String(j + 1));
      row = setAttr(row, 'СведТов', 'НаимТов', name);
      row = setAttr(row, 'СведТов', 'ОКЕИ_Тов', it.okei ?? '796');
      row = setAttr(row, 'СведТов', 'НаимЕдИзм', it.unit ?? 'шт');
      row = setAttr(row, 'СведТов', 'КолТов', String(qty));
      row = setAttr(row, 'СведТов', 'ЦенаТов', priceWithout.toFixed(2));
      row = setAttr(row, 'СведТов', 'СтТовБезНДС', money(without));
      row = setAttr(row, 'СведТов', 'НалСт', rate ? `${rate}%` : 'без НДС');
      row = setAttr(row, 'СведТов', 'СтТовУчНал', money(without + vat));
      return row.replace(
        /<СумНал>\s*<СумНал>[^<]*<\/СумНал>\s*<\/СумНал>/,
        rate
          ? `<СумНал><СумНал>${money(vat)}</СумНал></СумНал>`
          : '<СумНал><БезНДС>без НДС</БезНДС></СумНал>',
      );
    });
    lines += rows.length;
    const fileId = `ON_NSCHFDOPPR_2BM-${buyer.inn}-${buyer.kpp}_2BM-${c.inn}-${c.kpp ?? ''}_${date.replaceAll('-', '')}_${randomUUID()}`;
    let xml = template.replace(/<ТаблСчФакт>[\s\S]*<ВсегоОпл/, `<ТаблСчФакт>\n${rows.join('\n')}\n<ВсегоОпл`);
    xml = xml.replace(/\s*<ИнфПолФХЖ1>[\s\S]*?<\/ИнфПолФХЖ1>/, '');
    xml = setAttr(xml, 'Файл', 'ИдФайл', fileId);
    xml = setAttr(xml, 'Документ', 'ДатаИнфПр', ru(date));
    xml = setAttr(xml, 'Документ', 'НаимЭконСубСост', `${c.name}, ИНН: ${c.inn}`);
    xml = setAttr(xml, 'СвСчФакт', 'НомерДок', number);
    xml = setAttr(xml, 'СвСчФакт', 'ДатаДок', ru(date));
    xml = setAttr(xml, 'ДокПодтвОтгрНом', 'РеквНомерДок', number);
    xml = setAttr(xml, 'ДокПодтвОтгрНом', 'РеквДатаДок', ru(date));
    // seller first (СвПрод), then buyer (СвПокуп): the first СвЮЛУч is the seller's
    const [head, tail] = xml.split('<СвПокуп>');
    xml = `${setAttr(setAttr(setAttr(head, 'СвЮЛУч', 'НаимОрг', c.name), 'СвЮЛУч', 'ИННЮЛ', c.inn), 'СвЮЛУч', 'КПП', c.kpp ?? '')}<СвПокуп>${setAttr(setAttr(setAttr(tail, 'СвЮЛУч', 'НаимОрг', buyer.name), 'СвЮЛУч', 'ИННЮЛ', buyer.inn), 'СвЮЛУч', 'КПП', buyer.kpp)}`;
    xml = setAttr(xml, 'ВсегоОпл', 'СтТовБезНДСВсего', money(totalWithout));
    xml = setAttr(xml, 'ВсегоОпл', 'СтТовУчНалВсего', money(totalWithout + totalVat));
    xml = xml.replace(
      /<СумНалВсего>\s*<СумНал>[^<]*<\/СумНал>\s*<\/СумНалВсего>/,
      `<СумНалВсего><СумНал>${money(totalVat)}</СумНал></СумНалВсего>`,
    );
    xml = setAttr(xml, 'СвПер', 'ДатаПер', ru(date));
    xml = setAttr(xml, 'СвПер', 'ДатаНачПер', ru(date));
    xml = setAttr(xml, 'СвПер', 'ДатаОконПер', ru(date));
    xml = setAttr(xml, 'ОснПер', 'РеквНаимДок', 'Договор поставки');
    xml = setAttr(xml, 'ОснПер', 'РеквНомерДок', c.number);
    xml = setAttr(xml, 'ОснПер', 'РеквДатаДок', ru(c.date));
    const data = iconv.encode(xml, 'win1251');
    bytes += data.length;
    files[`${fileId}.xml`] = data;
  }
  const zip = Buffer.from(zipSync(files, { level: 6 }));
  return { zip, files: count, lines, bytes };
}
