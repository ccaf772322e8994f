import { randomUUID } from 'node:crypto';
import { asArray, child, parseXml, text, type XmlNode } from '../../lib/xml.js';

/**
 * The messages of the EIS read service (СОИ `getDocsIP`, docs/eis-sync.md): the three requests
 * built in the element order of its XSD, and its answer read by local name. Endpoint, namespace and
 * token header come from configuration (config.eis).
 */
export type SoapSettings = { namespace: string; tokenHeader: string };

/** One day, or one hour of a day (`oneHourInfo`), of the selection by region. */
export type PeriodInfo = { exactDate: string } | { date: string; fromHour: number; offsetTimeZone?: string };

export type EisRequest =
  | {
      kind: 'getDocsByOrgRegion';
      orgRegion: string;
      subsystemType: string;
      documentType223: string;
      period: PeriodInfo;
      reestrNumber?: string;
    }
  | { kind: 'getDocsByReestrNumber'; subsystemType: string; reestrNumber: string }
  | { kind: 'getNsi'; nsiCode223: string; nsiKind: 'all' | 'inc' };

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const el = (name: string, value: string) => `<${name}>${esc(value)}</${name}>`;

/** `index { id, createDateTime, mode }`, first in every request. */
function indexBlock(id: string, now: Date, mode: 'PROD' | 'TEST') {
  return `<index>${el('id', id)}${el('createDateTime', now.toISOString().replace(/\.\d{3}Z$/, 'Z'))}${el('mode', mode)}</index>`;
}

function periodBlock(p: PeriodInfo) {
  if ('exactDate' in p) return `<periodInfo>${el('exactDate', p.exactDate)}</periodInfo>`;
  return `<periodInfo><oneHourInfo>${el('date', p.date)}${el('fromHour', String(p.fromHour))}${el(
    'offsetTimeZone',
    p.offsetTimeZone ?? 'MSK',
  )}</oneHourInfo></periodInfo>`;
}

/** The body element of a request: its children in the XSD's order (order matters, code 28). */
function bodyOf(req: EisRequest, id: string, now: Date, mode: 'PROD' | 'TEST'): string {
  const idx = indexBlock(id, now, mode);
  switch (req.kind) {
    case 'getDocsByOrgRegion':
      return `<ws:getDocsByOrgRegionRequest>${idx}<selectionParams>${el('orgRegion', req.orgRegion)}${el(
        'subsystemType',
        req.subsystemType,
      )}${el('documentType223', req.documentType223)}${periodBlock(req.period)}${
        req.reestrNumber ? el('reestrNumber', req.reestrNumber) : ''
      }</selectionParams></ws:getDocsByOrgRegionRequest>`;
    case 'getDocsByReestrNumber':
      return `<ws:getDocsByReestrNumberRequest>${idx}<selectionParams>${el(
        'subsystemType',
        req.subsystemType,
      )}${el('reestrNumber', req.reestrNumber)}</selectionParams></ws:getDocsByReestrNumberRequest>`;
    case 'getNsi':
      return `<ws:getNsiRequest>${idx}<selectionParams>${el('nsiCode223', req.nsiCode223)}${el(
        'nsiKind',
        req.nsiKind,
      )}</selectionParams></ws:getNsiRequest>`;
  }
}

/** The SOAP envelope of a request, the token in the header element of the configured name. */
export function buildEnvelope(
  settings: SoapSettings,
  token: string,
  req: EisRequest,
  opts: { id?: string; now?: Date; mode?: 'PROD' | 'TEST' } = {},
): { id: string; xml: string } {
  const id = opts.id ?? randomUUID();
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ws="${esc(settings.namespace)}">` +
    `<soapenv:Header>${el(settings.tokenHeader, token)}</soapenv:Header>` +
    `<soapenv:Body>${bodyOf(req, id, opts.now ?? new Date(), opts.mode ?? 'PROD')}</soapenv:Body>` +
    '</soapenv:Envelope>';
  return { id, xml };
}

/** What a SOAP answer says, read by local name (never by namespace or fixed path). */
export type SoapAnswer =
  | { kind: 'archives'; urls: string[] }
  | { kind: 'noData' }
  | { kind: 'errorInfo'; code: number; message: string }
  | { kind: 'fault'; message: string }
  | { kind: 'unreadable'; message: string };

/** Finds the first node of a local name anywhere below `node` (breadth first). */
function find(node: unknown, name: string): XmlNode | undefined {
  const queue: unknown[] = [node];
  while (queue.length) {
    const n = queue.shift();
    if (!n || typeof n !== 'object') continue;
    const hit = child(n, name);
    if (hit !== undefined) return hit;
    for (const [k, v] of Object.entries(n as XmlNode)) {
      if (k.startsWith('@') || k === '#text') continue;
      for (const c of asArray(v)) queue.push(c);
    }
  }
  return undefined;
}

/** Reads the answer's `dataInfo`: exactly one of `archiveUrl[]`, `noData`, `errorInfo`; or a Fault. */
export function readAnswer(xml: string): SoapAnswer {
  let doc: XmlNode;
  try {
    doc = parseXml(xml);
  } catch {
    return { kind: 'unreadable', message: 'ответ ЕИС не является XML' };
  }
  const fault = find(doc, 'Fault');
  if (fault) {
    const message = text(fault, 'faultstring') ?? text(fault, 'Reason') ?? 'SOAP Fault';
    return { kind: 'fault', message: String(message).trim() };
  }
  const dataInfo = find(doc, 'dataInfo');
  if (!dataInfo) return { kind: 'unreadable', message: 'в ответе ЕИС нет dataInfo' };
  const err = child(dataInfo, 'errorInfo');
  if (err) {
    const code = Number(text(err, 'code'));
    return {
      kind: 'errorInfo',
      code: Number.isFinite(code) ? code : -1,
      message: (text(err, 'message') ?? '').trim(),
    };
  }
  if (child(dataInfo, 'noData') !== undefined || 'noData' in dataInfo) return { kind: 'noData' };
  const urls = asArray<unknown>((dataInfo as XmlNode).archiveUrl)
    .map((u) => (typeof u === 'string' ? u : typeof u === 'object' && u ? (u as XmlNode)['#text'] : ''))
    .map((u) => String(u ?? '').trim())
    .filter(Boolean);
  if (urls.length) return { kind: 'archives', urls };
  return { kind: 'unreadable', message: 'в ответе ЕИС нет ни архивов, ни noData, ни errorInfo' };
}
