import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { storedZip } from './stored-zip.js';

/**
 * A local EIS read service (СОИ getDocsIP) for tests and `npm run dev` (docs/eis-sync.md
 * «Simulator»): it dispatches on the SOAP body element's local name, checks the token, and answers
 * from the scenario in force with archives built from the real sample files of a folder
 * (apps/server/test/fixtures/eis223). Loopback only.
 */
export type EisScenario =
  | 'normal'
  | 'noData'
  | 'error28'
  | 'blockedToken'
  | 'downloadBlock'
  | 'tooEarly'
  | 'fault'
  | 'slow'
  | 'reset'
  | 'notReadyOnce'
  | 'notReady'
  | 'gzip';

export const EIS_SCENARIOS: readonly EisScenario[] = [
  'normal',
  'noData',
  'error28',
  'blockedToken',
  'downloadBlock',
  'tooEarly',
  'fault',
  'slow',
  'reset',
  'notReadyOnce',
  'notReady',
  'gzip',
];

type Doc = { file: string; docType: string; subsystem: string; data: Buffer };

export type EisSimulator = {
  url: string;
  /** the service's endpoint (EIS_ENDPOINT) */
  endpoint: string;
  scenario: EisScenario;
  /** the only token the simulator accepts */
  token: string;
  /** the day (YYYY-MM-DD) its documents are published; other days have no data */
  publishDay: string;
  /** how long a `slow` answer waits */
  slowMs: number;
  /** the requests received: body element's local name and selection */
  requests: { op: string; params: Record<string, string> }[];
  downloads: number;
  /**
   * Holds every archive download after the next `n` unanswered (a fixed point in the middle of a
   * run, for the restart test); resolves once the first one is held.
   */
  holdDownloads: (n: number) => Promise<void>;
  /** Stops holding: the held downloads are dropped (their client is gone, or retries). */
  release: () => void;
  /** Publishes one more document (its type from its name, as the samples'); returns its removal. */
  addDocument: (file: string, data: Buffer) => () => void;
  close: () => Promise<void>;
};

/** The document type of a sample file from its name: `homyakin__purchaseNotice_test.xml` → purchaseNotice. */
function docTypeOf(file: string): string {
  const base = file.replace(/^[a-z]+__/, '');
  return base.split(/[_.]/)[0];
}

const subsystemOf = (docType: string) =>
  docType === 'purchasePlan' ? 'RPZ223' : docType === 'contract' ? 'RD223' : 'RI223';

const NS = 'http://zakupki.gov.ru/fz44/get-docs-ip/ws';
const envelope = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
const response = (op: string, dataInfo: string) =>
  envelope(
    `<ns2:${op}Response xmlns:ns2="${NS}"><index><id>${crypto.randomUUID()}</id><createDateTime>${new Date().toISOString()}</createDateTime><mode>PROD</mode></index><dataInfo>${dataInfo}</dataInfo></ns2:${op}Response>`,
  );
const errorInfo = (op: string, code: number, message: string) =>
  response(op, `<errorInfo><code>${code}</code><message>${message}</message></errorInfo>`);

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false });

/** Starts the simulator on loopback (port 0: any free port). */
export async function startEisSimulator(opts: {
  dir: string;
  port?: number;
  token?: string;
  publishDay?: string;
  scenario?: EisScenario;
}): Promise<EisSimulator> {
  const docs: Doc[] = fs
    .readdirSync(opts.dir)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((file) => {
      const docType = docTypeOf(file);
      return {
        file,
        docType,
        subsystem: subsystemOf(docType),
        data: fs.readFileSync(path.join(opts.dir, file)),
      };
    });
  const notReadySeen = new Set<string>();
  let holdAfter: number | null = null;
  let onHeld: (() => void) | null = null;
  const held: http.ServerResponse[] = [];
  const sim: EisSimulator = {
    url: '',
    endpoint: '',
    scenario: opts.scenario ?? 'normal',
    token: opts.token ?? 'sim-token',
    publishDay: opts.publishDay ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    slowMs: 3000,
    requests: [],
    downloads: 0,
    holdDownloads: (n) =>
      new Promise<void>((resolve) => {
        holdAfter = sim.downloads + n;
        onHeld = resolve;
      }),
    release: () => {
      holdAfter = null;
      for (const res of held.splice(0)) res.destroy();
    },
    addDocument: (file, data) => {
      const docType = docTypeOf(file);
      const doc = { file, docType, subsystem: subsystemOf(docType), data };
      docs.push(doc);
      return () => {
        const i = docs.indexOf(doc);
        if (i >= 0) docs.splice(i, 1);
      };
    },
    close: async () => {},
  };

  const archiveOf = (doc: Doc) => {
    const zip = storedZip([{ name: doc.file, data: doc.data }]);
    return sim.scenario === 'gzip' ? gzipSync(zip) : zip;
  };
  const urlsOf = (found: Doc[]) =>
    found.map((d) => `<archiveUrl>${sim.url}/archives/${encodeURIComponent(d.file)}</archiveUrl>`).join('');

  const answerCall = (op: string, params: Record<string, string>, token: string): [number, string] => {
    if (sim.scenario === 'tooEarly') return [425, 'Too Early'];
    if (sim.scenario === 'fault')
      return [
        500,
        envelope(
          '<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Внутренняя ошибка сервиса</faultstring></soap:Fault>',
        ),
      ];
    if (sim.scenario === 'error28') return [200, errorInfo(op, 28, 'Ошибка валидации запроса по схеме')];
    if (sim.scenario === 'blockedToken')
      return [200, errorInfo(op, 34, `Организация с токеном ${token.slice(0, 4)}… заблокирована`)];
    if (token !== sim.token) return [200, errorInfo(op, 1, 'Токен не найден')];
    if (sim.scenario === 'noData') return [200, response(op, '<noData>true</noData>')];
    let found: Doc[] = [];
    if (op === 'getDocsByOrgRegion') {
      const day = params.exactDate ?? params.date;
      if (day === sim.publishDay)
        found = docs.filter(
          (d) => d.subsystem === params.subsystemType && d.docType === params.documentType223,
        );
    } else if (op === 'getDocsByReestrNumber') {
      const n = params.reestrNumber ?? '';
      found = docs.filter(
        (d) => d.subsystem === params.subsystemType && n && d.data.includes(Buffer.from(`>${n}<`)),
      );
    } else if (op === 'getNsi') {
      return [200, response(op, '<noData>true</noData>')];
    }
    return [200, found.length ? response(op, urlsOf(found)) : response(op, '<noData>true</noData>')];
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: string | Buffer, type = 'text/xml; charset=utf-8') => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'POST' && url.pathname === '/__scenario') {
        const name = String(JSON.parse(Buffer.concat(chunks).toString() || '{}').scenario ?? '');
        if (!EIS_SCENARIOS.includes(name as EisScenario))
          return send(400, `unknown scenario ${name}`, 'text/plain');
        sim.scenario = name as EisScenario;
        return send(200, name, 'text/plain');
      }
      if (req.method === 'GET' && url.pathname.startsWith('/archives/')) {
        sim.downloads++;
        if (holdAfter !== null && sim.downloads > holdAfter) {
          held.push(res);
          onHeld?.();
          onHeld = null;
          return;
        }
        if (req.headers.individualperson_token !== sim.token) return send(403, 'Forbidden', 'text/plain');
        const file = decodeURIComponent(url.pathname.slice('/archives/'.length));
        const doc = docs.find((d) => d.file === file);
        if (!doc) return send(404, 'Not found', 'text/plain');
        if (sim.scenario === 'tooEarly') return send(425, 'Too Early', 'text/plain');
        if (sim.scenario === 'downloadBlock')
          return send(200, 'Скачивание архива по данной ссылке заблокировано', 'text/html; charset=utf-8');
        if (sim.scenario === 'notReady' || (sim.scenario === 'notReadyOnce' && !notReadySeen.has(file))) {
          notReadySeen.add(file);
          return send(404, 'Архив ещё не сформирован', 'text/plain; charset=utf-8');
        }
        return send(200, archiveOf(doc), 'application/zip');
      }
      if (req.method === 'POST' && url.pathname.endsWith('/getDocsIP')) {
        if (sim.scenario === 'reset') {
          req.socket.destroy();
          return;
        }
        let op = '';
        let params: Record<string, string> = {};
        let token = '';
        try {
          const doc = parser.parse(Buffer.concat(chunks).toString('utf8'));
          const env = doc.Envelope ?? {};
          token = String(env.Header?.individualPerson_token ?? '');
          const [name, body] = Object.entries(env.Body ?? {})[0] ?? ['', {}];
          op = name.replace(/Request$/, '');
          const sel = (body as { selectionParams?: Record<string, unknown> }).selectionParams ?? {};
          const period = (sel.periodInfo ?? {}) as Record<string, unknown>;
          const hour = (period.oneHourInfo ?? {}) as Record<string, unknown>;
          params = Object.fromEntries(
            Object.entries({ ...sel, ...period, ...hour })
              .filter(([, v]) => typeof v !== 'object')
              .map(([k, v]) => [k, String(v)]),
          );
          if (!(body as { index?: unknown }).index) throw new Error('no index');
        } catch {
          return send(200, errorInfo(op || 'getDocsByOrgRegion', 28, 'Ошибка валидации запроса по схеме'));
        }
        sim.requests.push({ op, params });
        const [status, body] = answerCall(op, params, token);
        if (sim.scenario === 'slow') {
          setTimeout(() => send(status, body), sim.slowMs);
          return;
        }
        return send(status, body);
      }
      send(404, 'Not found', 'text/plain');
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  sim.url = `http://127.0.0.1:${port}`;
  sim.endpoint = `${sim.url}/eis-integration/services/getDocsIP`;
  sim.close = () =>
    new Promise<void>((resolve) => {
      sim.release();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return sim;
}
