import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { EIS_OUTCOME_TITLES, EIS_OUTCOMES } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { storedZip } from '../../dev/eis-simulator/stored-zip.js';
import { archiveDocuments } from './eis-connector.js';
import {
  backoffMs,
  CALL_OUTCOMES,
  classifyCall,
  classifyDownload,
  isRetryable,
  outcomeText,
  RUN_OUTCOMES,
  stopsRun,
} from './eis-outcome.policy.js';
import { buildEnvelope, readAnswer } from './eis-soap.js';
import { daysToRead, isOwnCustomer, noCounts, previousDay, runStatus } from './eis-sync.policy.js';

const S = { namespace: 'http://zakupki.gov.ru/fz44/get-docs-ip/ws', tokenHeader: 'individualPerson_token' };
const NOW = new Date('2026-11-28T10:00:00.000Z');

describe('SOAP requests', () => {
  it('getDocsByOrgRegion: index first, then selectionParams in the XSD order, token in the header', () => {
    const { xml } = buildEnvelope(
      S,
      'tok<1>',
      {
        kind: 'getDocsByOrgRegion',
        orgRegion: 'Moskva',
        subsystemType: 'RI223',
        documentType223: 'purchaseNotice',
        period: { exactDate: '2026-11-27' },
      },
      { id: 'id-1', now: NOW },
    );
    expect(xml).toContain(
      '<soapenv:Header><individualPerson_token>tok&lt;1&gt;</individualPerson_token></soapenv:Header>',
    );
    expect(xml).toContain(
      '<ws:getDocsByOrgRegionRequest><index><id>id-1</id><createDateTime>2026-11-28T10:00:00Z</createDateTime><mode>PROD</mode></index>' +
        '<selectionParams><orgRegion>Moskva</orgRegion><subsystemType>RI223</subsystemType><documentType223>purchaseNotice</documentType223>' +
        '<periodInfo><exactDate>2026-11-27</exactDate></periodInfo></selectionParams></ws:getDocsByOrgRegionRequest>',
    );
    expect(xml).toContain(`xmlns:ws="${S.namespace}"`);
  });

  it('the header name and namespace come from configuration', () => {
    const { xml } = buildEnvelope({ namespace: 'urn:x', tokenHeader: 'legalEntity_token' }, 't', {
      kind: 'getNsi',
      nsiCode223: 'nsiOrganization',
      nsiKind: 'inc',
    });
    expect(xml).toContain('<legalEntity_token>t</legalEntity_token>');
    expect(xml).toContain('xmlns:ws="urn:x"');
    expect(xml).toMatch(
      /<ws:getNsiRequest><index>.*<\/index><selectionParams><nsiCode223>nsiOrganization<\/nsiCode223><nsiKind>inc<\/nsiKind>/,
    );
  });

  it('getDocsByReestrNumber names the subsystem then the number', () => {
    const { xml } = buildEnvelope(S, 't', {
      kind: 'getDocsByReestrNumber',
      subsystemType: 'RPZ223',
      reestrNumber: '2180316803',
    });
    expect(xml).toContain(
      '<selectionParams><subsystemType>RPZ223</subsystemType><reestrNumber>2180316803</reestrNumber></selectionParams>',
    );
  });
});

const answer = (dataInfo: string) =>
  `<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns2:getDocsByOrgRegionResponse xmlns:ns2="urn:x"><index><id>1</id></index><dataInfo>${dataInfo}</dataInfo></ns2:getDocsByOrgRegionResponse></S:Body></S:Envelope>`;

describe('answers, each outcome named', () => {
  const call = (status: number, body: string) => classifyCall(status, body, () => readAnswer(body));
  it('archive links, noData, errorInfo, the blocked token', () => {
    expect(
      call(200, answer('<archiveUrl>http://a/1</archiveUrl><archiveUrl>http://a/2</archiveUrl>')),
    ).toEqual({
      kind: 'ok',
      urls: ['http://a/1', 'http://a/2'],
    });
    expect(call(200, answer('<noData>true</noData>'))).toEqual({ kind: 'noData' });
    expect(call(200, answer('<noData/>'))).toEqual({ kind: 'noData' });
    expect(call(200, answer('<errorInfo><code>28</code><message>bad</message></errorInfo>'))).toEqual({
      kind: 'errorInfo',
      code: 28,
      message: 'bad',
    });
    const blocked = call(
      200,
      answer('<errorInfo><code>34</code><message>Организация с токеном заблокирована</message></errorInfo>'),
    );
    expect(blocked.kind).toBe('blockedToken');
    expect(stopsRun(blocked)).toBe(true);
    expect(stopsRun({ kind: 'errorInfo', code: 28, message: '' })).toBe(true);
    expect(stopsRun({ kind: 'errorInfo', code: 5, message: '' })).toBe(false);
  });
  it('a Fault, 425/424, the 200-with-block body, an empty answer', () => {
    expect(
      call(
        500,
        '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><S:Fault><faultcode>S:Server</faultcode><faultstring>boom</faultstring></S:Fault></S:Body></S:Envelope>',
      ),
    ).toEqual({ kind: 'fault', message: 'boom' });
    expect(call(425, '')).toEqual({ kind: 'tooEarly', status: 425 });
    expect(call(424, '')).toEqual({ kind: 'tooEarly', status: 424 });
    expect(call(200, 'Скачивание архива по данной ссылке заблокировано')).toEqual({
      kind: 'downloadBlocked',
    });
    expect(call(200, answer('')).kind).toBe('unreadable');
    expect(call(503, 'x')).toEqual({ kind: 'httpError', status: 503 });
  });
  it('downloads: ZIP and gzip by magic bytes, block text, not ready', () => {
    const zip = storedZip([{ name: 'a.xml', data: Buffer.from('<a/>') }]);
    expect(classifyDownload(200, zip).kind).toBe('archive');
    expect(classifyDownload(200, gzipSync(zip)).kind).toBe('archive');
    expect(classifyDownload(200, Buffer.from('Скачивание архива по данной ссылке заблокировано'))).toEqual({
      kind: 'downloadBlocked',
    });
    expect(classifyDownload(404, Buffer.from('Архив ещё не сформирован'))).toEqual({ kind: 'notReady' });
    expect(classifyDownload(200, Buffer.from('<html>oops</html>')).kind).toBe('unreadable');
    expect(classifyDownload(425, Buffer.alloc(0))).toEqual({ kind: 'tooEarly', status: 425 });
  });
  it('back-off: a second plus jitter, ten minutes after a block; what is retried', () => {
    const limits = { minIntervalMs: 1000, blockPauseMs: 600_000 };
    expect(backoffMs({ kind: 'noData' }, limits, 0)).toBe(1000);
    expect(backoffMs({ kind: 'noData' }, limits, 1)).toBe(1500);
    expect(backoffMs({ kind: 'downloadBlocked' }, limits, 0.3)).toBe(600_000);
    expect(backoffMs({ kind: 'tooEarly' }, limits, 0.3)).toBe(600_000);
    expect(
      ['tooEarly', 'downloadBlocked', 'notReady', 'transport'].every((k) =>
        isRetryable({ kind: k as 'notReady' }),
      ),
    ).toBe(true);
    expect(isRetryable({ kind: 'fault' })).toBe(false);
    expect(isRetryable({ kind: 'blockedToken' })).toBe(false);
    expect(outcomeText({ kind: 'blockedToken', message: 'x' })).toContain('код 34');
  });
});

describe('archives', () => {
  it('a gzip-wrapped ZIP gives its XML documents', async () => {
    const zip = storedZip([
      { name: 'a.xml', data: Buffer.from('<a/>') },
      { name: 'readme.txt', data: Buffer.from('x') },
    ]);
    expect((await archiveDocuments(gzipSync(zip))).map((e) => e.name)).toEqual(['a.xml']);
    await expect(archiveDocuments(Buffer.from('not an archive'))).rejects.toThrow('не является ZIP');
  });
});

describe('what a run reads and how it ends', () => {
  it('the previous day, then the 7 before it', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(daysToRead('2026-11-28')).toEqual([
      '2026-11-28',
      '2026-11-27',
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
    ]);
  });
  it('customers by ИНН, and КПП when both have one', () => {
    const own = [
      { inn: '7710043065', kpp: '771001001' },
      { inn: '0105018196', kpp: null },
    ];
    expect(isOwnCustomer({ inn: '7710043065', kpp: '771001001' }, own)).toBe(true);
    expect(isOwnCustomer({ inn: '7710043065', kpp: '999901001' }, own)).toBe(false);
    expect(isOwnCustomer({ inn: '0105018196', kpp: '010501001' }, own)).toBe(true);
    expect(isOwnCustomer({ inn: null, kpp: null }, own)).toBe(false);
  });
  it('never done with a failure', () => {
    expect(runStatus(noCounts(), [], 3)).toBe('done');
    expect(runStatus(noCounts(), [{ outcome: 'fault' }], 0)).toBe('failed');
    expect(runStatus({ ...noCounts(), new: 2 }, [{ outcome: 'notReady' }], 5)).toBe('warning');
  });
});

describe('every outcome named', () => {
  const written = [...CALL_OUTCOMES, ...Object.values(RUN_OUTCOMES)];
  it('each outcome a run can record is in the shared list, with its Russian text', () => {
    for (const o of written) {
      expect(EIS_OUTCOMES).toContain(o);
      expect(EIS_OUTCOME_TITLES[o]).toMatch(/[а-яё]{3}/i);
    }
  });
  it('the shared list holds nothing the server does not write', () => {
    expect([...EIS_OUTCOMES].sort()).toEqual([...new Set(written)].sort());
  });
  it('no outcome literal of the module is outside the list (a plain string would slip past the types)', () => {
    const dir = import.meta.dirname;
    const literals = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/outcome: '([A-Za-z]+)'/g)])
      .map((m) => m[1]);
    expect(literals.length).toBeGreaterThan(0);
    for (const o of literals) expect(EIS_OUTCOMES).toContain(o);
  });
});
