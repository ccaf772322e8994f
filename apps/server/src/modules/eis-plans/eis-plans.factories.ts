import fs from 'node:fs';
import path from 'node:path';

/**
 * Test data of the plans module: the real plan (a copy in apps/server/test/fixtures) and versions
 * made from it by editing its text, as the EIS would publish them.
 */

export const PLAN_FILE = 'homyakin__purchasePlan_test.xml';
export const PLAN_PATH = path.resolve(import.meta.dirname, '../../../test/fixtures/eis223', PLAN_FILE);
export const realPlan = () => fs.readFileSync(PLAN_PATH, 'utf8');
export const PLAN_INN = '7710043065';
export const PLAN_NUMBER = '2180316803';

const tag = (name: string, value: string) => `<ns2:${name}>${value}</ns2:${name}>`;

/** Replaces the first `<ns2:name>…</ns2:name>` of the plan header. */
export function setHeader(xml: string, name: string, value: string): string {
  const re = new RegExp(`<ns2:${name}>[^<]*</ns2:${name}>`);
  if (!re.test(xml)) throw new Error(`no ${name} in the plan`);
  return xml.replace(re, tag(name, value));
}

/** Every occurrence of a position (the main list and the SME section repeat it). */
function positionStarts(xml: string, guid: string): number[] {
  const out: number[] = [];
  const needle = tag('guid', guid);
  for (let i = xml.indexOf(needle); i >= 0; i = xml.indexOf(needle, i + 1)) out.push(i);
  if (out.length === 0) throw new Error(`position ${guid} not in the plan`);
  return out;
}

/** Replaces an element of a position (the first such after its guid) in every occurrence. */
function replaceInPosition(xml: string, guid: string, name: string, replacement: string): string {
  let out = xml;
  for (const start of positionStarts(xml, guid).reverse()) {
    const at = out.indexOf(`<ns2:${name}>`, start);
    const end = out.indexOf(`</ns2:${name}>`, at) + `</ns2:${name}>`.length;
    out = out.slice(0, at) + replacement + out.slice(end);
  }
  return out;
}

/** Sets a field of a position in every occurrence. */
export const setPositionField = (xml: string, guid: string, name: string, value: string) =>
  replaceInPosition(xml, guid, name, tag(name, value));

/** Annuls a position: status A with a cancellation reason. */
export const annulPosition = (xml: string, guid: string, reason = 'REJECT') =>
  replaceInPosition(xml, guid, 'status', tag('status', 'A') + tag('cancellationReason', reason));

/** Adds a position to the main list: a copy of the first one with a new guid, number, subject and price. */
export function addPosition(
  xml: string,
  p: { guid: string; ordinal: number; subject: string; price: string },
): string {
  const open = '<ns2:purchasePlanItem>';
  const close = '</ns2:purchasePlanItem>';
  const from = xml.indexOf(open);
  const to = xml.indexOf(close, from) + close.length;
  const first = xml.slice(from, to);
  const oldGuid = /<ns2:guid>([^<]+)<\/ns2:guid>/.exec(first)?.[1] as string;
  const copy = first
    .split(oldGuid)
    .join(p.guid)
    .replace(/<ns2:ordinalNumber>\d+<\/ns2:ordinalNumber>/, tag('ordinalNumber', String(p.ordinal)))
    .replace(/<ns2:contractSubject>[^<]*<\/ns2:contractSubject>/, tag('contractSubject', p.subject))
    .replace(
      /<ns2:maximumContractPrice>[^<]*<\/ns2:maximumContractPrice>/,
      tag('maximumContractPrice', p.price),
    )
    .replace(/<ns2:status>[^<]*<\/ns2:status>/, tag('status', 'N'));
  const end = xml.indexOf('</ns2:purchasePlanItems>');
  return xml.slice(0, end) + copy + xml.slice(end);
}

/**
 * A plan of `n` positions for the benchmark: the header of the real plan and copies of its first
 * position (without the optional customer block, names and codes), each with its own guid, number,
 * price and month.
 */
export function bigPlan(n: number, version = 1): string {
  const xml = realPlan();
  const open = '<ns2:purchasePlanItems>';
  const head = xml.slice(0, xml.indexOf(open) + open.length);
  const tail = xml.slice(xml.indexOf('</ns2:purchasePlanItems>'));
  const first = xml.slice(xml.indexOf('<ns2:purchasePlanItem>'), xml.indexOf('</ns2:purchasePlanItem>') + 23);
  // what a position may leave out goes, so that 20 000 positions stay under the 20 MB of one XML file
  const item = first
    .replace(/<ns2:planItemCustomer>[\s\S]*?<\/ns2:planItemCustomer>/, '')
    .replace(/\n\s+/g, '')
    .replace(
      /<ns2:(okved2|parentId|okato|region|isGeneralAddress|shared|isPurchaseIgnored|innovationEquivalent|impossibleToDetermineAttr|longTerm|purchasePeriodQuarter)>.*?<\/ns2:\1>/g,
      '',
    )
    .replace(/<name>[^<]*<\/name>|<digitalCode>[^<]*<\/digitalCode>/g, '')
    .replace(/(<ns2:purchasePlanRowItem>)<ns2:guid>[^<]*<\/ns2:guid>/, '$1')
    .replace(
      /<ns2:purchaseMethodName>[^<]*<\/ns2:purchaseMethodName>/,
      '<ns2:purchaseMethodName>Закупка у единственного поставщика</ns2:purchaseMethodName>',
    );
  const oldGuid = /<ns2:guid>([^<]+)<\/ns2:guid>/.exec(item)?.[1] as string;
  const parts: string[] = [];
  for (let i = 1; i <= n; i++) {
    const guid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    parts.push(
      item
        .split(oldGuid)
        .join(guid)
        .replace(/<ns2:ordinalNumber>\d+<\/ns2:ordinalNumber>/, tag('ordinalNumber', String(i)))
        .replace(
          /<ns2:maximumContractPrice>[^<]*<\/ns2:maximumContractPrice>/,
          tag('maximumContractPrice', `${1000 + (i % 997)}.00`),
        )
        .replace(
          /<ns2:purchasePeriodMonth>\d+<\/ns2:purchasePeriodMonth>/,
          tag('purchasePeriodMonth', String((i % 12) + 1)),
        ),
    );
  }
  const body =
    head +
    parts.join('') +
    tail.replace(/<ns2:purchasePlanItemsSMB>[\s\S]*?<\/ns2:purchasePlanItemsSMB>/, '');
  return setHeader(body, 'version', String(version));
}
