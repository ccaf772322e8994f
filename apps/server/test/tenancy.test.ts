import { buildPath, type RouteDef } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/lib/route.js';
import { accountFor, companyBody, innFor } from '../src/modules/companies/companies.factories.js';
import { contractBody } from '../src/modules/contracts/contracts.factories.js';
import { procurementBody } from '../src/modules/procurements/procurements.factories.js';
import { testAppForFile } from './harness.js';

/**
 * The walk of issue 13: every route of the contract registered under /api/companies/:… declares
 * its company, and answers 404 with an `access_denied` audit entry to the client of another
 * company, whatever the body: a valid one, an invalid one, malformed JSON. The gate runs before
 * the body is parsed, so none of them reaches validation (which would answer 400).
 */

const t = testAppForFile();

/** The routes under /api/companies that take no company parameter (they list or create companies). */
const NOT_SCOPED = new Set(['GET /api/companies', 'POST /api/companies', 'GET /api/companies/my']);

const key = (r: RouteDef) => `${r.method} ${r.path}`;
const companyRoutesOf = () => registeredRoutes(t.app).filter((r) => r.path.startsWith('/api/companies/:'));

/**
 * A minimal valid body per route whose body schema refuses `{}` (checked below, so an example
 * that stops validating fails the test instead of silently turning the walk into a 400 walk).
 */
const EXAMPLES: Record<string, () => unknown> = {
  'PUT /api/companies/:id': () => companyBody(1),
  'POST /api/companies/:id/contacts': () => ({ full_name: 'Взломщик', is_active: true }),
  'PUT /api/companies/:id/contacts/:item_id': () => ({ full_name: 'Взломщик', is_active: true }),
  'POST /api/companies/:id/bank_requesits': () => bank(),
  'PUT /api/companies/:id/bank_requesits/:item_id': () => bank(),
  'POST /api/companies/:id/customers': () => ({ title: 'Чужой заказчик', inn: innFor(1) }),
  'PUT /api/companies/:id/customers/:item_id': () => ({ title: 'Чужой заказчик', inn: innFor(1) }),
  'POST /api/companies/:company_id/compliance/marks': () => ({
    key: 'monthly_report:2026-01',
    done_on: '2026-02-05',
    eis_number: '12345',
  }),
  'PUT /api/companies/:company_id/compliance/settings': () => ({
    responsible_user_ids: null,
    offsets: [5, 2, 1],
  }),
  'POST /api/companies/:company_id/analytics/flags/dismissals': () => ({
    code: 'price_rise',
    object_type: 'contract',
    object_id: 1,
    comment: 'Чужой флаг',
  }),
  'PUT /api/companies/:company_id/analytics/settings': () => ({
    price_equal_tolerance_percent: 0,
    notice_margin_days: 0,
    split_threshold: '600000.00',
    split_min_count: 2,
    price_rise_percent: 10,
  }),
  'PUT /api/companies/:company_id/eis_sync': () => ({ regions: ['Moskva'] }),
  'PUT /api/companies/:id/eis_settings': () => ({
    eis_login: 'intruder',
    certificate_thumbprint: 'A'.repeat(40),
    password: 'stolen',
  }),
  'PUT /api/companies/:id/tariff': () => ({ tariff_id: null }),
  'POST /api/companies/:company_id/contracts': () => contractBody(),
  'PUT /api/companies/:company_id/contracts/:id': () => contractBody(),
  'POST /api/companies/:company_id/contracts/:id/status': () => ({ status: 'concluded' }),
  'POST /api/companies/:company_id/procurements/:id/pin': () => ({ rule_version_id: 1 }),
  'POST /api/companies/:company_id/procurements/:id/nmck/sources': () => ({
    kind: 'public',
    lot_number: 1,
    line_no: 1,
    price: '100',
    includes_vat: true,
    vat_rate: '22%',
    source_date: '2026-01-15',
    url: 'https://example.ru/price',
    title: 'Прайс-лист',
  }),
  'POST /api/companies/:company_id/procurements/:id/nmck/requests': () => ({
    suppliers: [{ inn: '7704123450', name: 'ООО «ЭлектроСнаб»' }],
  }),
  'POST /api/companies/:company_id/contracts/:id/archive': () => ({ archived: true }),
  'POST /api/companies/:company_id/contracts/:id/eis-publication': () => ({ eis_published_at: '2024-03-01' }),
  'PUT /api/companies/:company_id/upd-documents/:id/contract': () => ({ contract_id: 1 }),
  'POST /api/companies/:company_id/upd-documents/:id/mapping': () => ({ lines: [] }),
  'POST /api/companies/:company_id/payments/:id/assign': () => ({ contract_id: 1 }),
  'POST /api/companies/:company_id/contracts/:id/performance': () => ({
    period_from: '2024-01-01',
    period_to: '2024-01-31',
  }),
  'POST /api/companies/:company_id/exports/ocds': () => ({ contract_ids: [1] }),
  'POST /api/companies/:company_id/reports/monthly': () => ({ year: 2024, month: 3 }),
  'POST /api/companies/:company_id/procurement_rules': () => ({ title: 'Чужое положение' }),
  'PUT /api/companies/:company_id/procurement_rules/:rule_id': () => ({ title: 'Чужое положение' }),
  'POST /api/companies/:company_id/procurement_rules/:rule_id/versions/:version_id/approve': () => ({
    approving_body: 'board_of_directors',
    decision_number: '1',
    decision_date: '2026-01-15',
    effective_from: '2026-02-01',
  }),
  'PUT /api/companies/:company_id/sme-reports/:year/filing': () => ({
    filed_on: '2026-01-20',
    eis_number: '32600000001',
  }),
  'POST /api/companies/:company_id/procurement_rules/:rule_id/versions/:version_id/publish': () => ({
    eis_published_on: '2026-01-20',
    eis_registration_number: '1234567890',
  }),
  'POST /api/companies/:company_id/procurement_rules/:rule_id/versions/:version_id/documents_rules': () =>
    documentsRule(),
  'PUT /api/companies/:company_id/procurement_rules/:rule_id/versions/:version_id/documents_rules/order':
    () => ({
      method_id: 1,
      ids: [1],
    }),
  'PUT /api/companies/:company_id/procurement_rules/:rule_id/versions/:version_id/documents_rules/:id': () =>
    documentsRule(),
  'PUT /api/companies/:company_id/procurements/:id/documentation/values': () => ({
    values: { delivery_place: 'г. Москва' },
  }),
  'POST /api/companies/:company_id/procurements/:id/documentation/generate': () => ({
    document_ids: [1],
    formats: ['docx', 'pdf'],
  }),
  'POST /api/companies/:company_id/procurements': () => procurementBody({ e_auction: 1 }),
  'POST /api/companies/:company_id/procurements/from-plan': () => ({ plan_position_id: 1 }),
  'PUT /api/companies/:company_id/procurements/:id': () => procurementBody({ e_auction: 1 }),
  'POST /api/companies/:company_id/procurements/:id/status': () => ({ status: 'cancelled', reason: 'Чужая' }),
  'POST /api/companies/:company_id/procurements/:id/protocols': () => protocol(),
  'PUT /api/companies/:company_id/procurements/:id/protocols/:protocol_id': () => protocol(),
  'POST /api/companies/:company_id/procurements/:id/bids': () => bid(),
  'PUT /api/companies/:company_id/procurements/:id/bids/:bid_id': () => bid(),
  'POST /api/companies/:company_id/procurements/:id/bids/:bid_id/admission': () => ({
    admission: 'rejected',
    reason: 'late',
  }),
  'PUT /api/companies/:company_id/procurements/:id/scores': () => ({
    scores: [{ bid_id: 1, criterion_code: 'qualification', member_name: 'Чужой', points: 1 }],
  }),
  'PUT /api/companies/:company_id/procurements/:id/commission': () => ({
    members: [{ name: 'Чужой', role: 'chair' }],
  }),
  'POST /api/companies/:company_id/procurements/:id/bid-protocols': () => ({ kind: 'final' }),
  'POST /api/companies/:company_id/procurements/:id/bid-protocols/:protocol_id/sign': () => ({
    signed_on: '2026-03-01',
  }),
};

function bid() {
  return {
    lot_id: 1,
    participant_inn: '7707083893',
    participant_name: 'Чужой участник',
    received_at: '2026-03-01T10:00',
    price: '100.00',
  };
}

function protocol() {
  return { kind: 'review', signed_on: '2026-03-01' };
}

function documentsRule() {
  return { method_id: 1, document_kind_id: 1, title: 'Извещение' };
}

function bank() {
  return {
    bank_name: 'Банк',
    bik: '044525593',
    settlement_account: accountFor('044525593', 1),
    is_main: true,
  };
}

/** The valid body of a route: its example, or `{}` where the schema takes it; none for GET and DELETE. */
function validBody(r: RouteDef): unknown {
  if (!r.body || r.method === 'GET' || r.method === 'DELETE') return undefined;
  return EXAMPLES[key(r)]?.() ?? {};
}

/** The params of a route in the other company, with valid values for its other parameters. */
function paramsIn(r: RouteDef, companyId: number): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const m of r.path.matchAll(/:(\w+)/g)) params[m[1]] = m[1] === 'kind' ? 'upd' : 1;
  params[r.company as string] = companyId;
  return params;
}

async function denials(companyId: number): Promise<number> {
  const [row] = await t.app.deps.database.query<{ n: number }>(
    `select count(*)::int as n from audit_log
      where action = 'access_denied' and entity = 'company' and entity_id = $1`,
    [String(companyId)],
  );
  return Number(row.n);
}

describe('every company-scoped route of the contract', () => {
  it('is registered and declares its company parameter', () => {
    const routes = companyRoutesOf();
    expect(routes.length).toBeGreaterThan(50);
    const undeclared = routes.filter((r) => !r.company && !NOT_SCOPED.has(key(r))).map(key);
    expect(undeclared).toEqual([]);
    for (const r of routes.filter((x) => x.company)) {
      expect(r.path, key(r)).toContain(`:${r.company}`);
    }
  });

  it('has a valid example body for each write (the walk below sends it)', () => {
    for (const r of companyRoutesOf()) {
      const body = validBody(r);
      if (body === undefined || r.multipart) continue;
      const parsed = r.body!.safeParse(body);
      expect(parsed.success, `${key(r)}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('answers 404 and audits every call by the client of another company, whatever the body', async () => {
    const other = t.ids.companies.client2;
    const routes = companyRoutesOf().filter((r) => r.company);
    let calls = 0;
    for (const r of routes) {
      const params = paramsIn(r, other);
      const attempts: { what: string; send: () => Promise<{ status: number; body: unknown }> }[] = [
        { what: 'valid', send: () => t.call(r, { params, body: validBody(r) as never, as: 'client' }) },
      ];
      if (r.method === 'GET' || r.method === 'DELETE') {
        attempts.push({
          what: 'invalid query',
          send: () => t.call(r, { params, query: { page: 'x', limit: -1 }, as: 'client' }),
        });
      } else {
        attempts.push(
          {
            what: 'invalid body',
            send: () => t.call(r, { params, invalidBody: { bogus: 1 }, as: 'client' }),
          },
          { what: 'malformed JSON', send: () => raw(r, buildPath(r.path, params), '{"title": ') },
        );
      }
      for (const a of attempts) {
        const before = await denials(other);
        const res = await a.send();
        const what = `${key(r)} (${a.what})`;
        expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(404);
        expect((res.body as { error: unknown }).error, what).toEqual({
          code: 'not_found',
          message: 'Запрашиваемый ресурс не найден',
        });
        expect(await denials(other), what).toBe(before + 1);
        calls++;
      }
    }
    expect(calls).toBeGreaterThan(120);
  });
});

async function raw(r: RouteDef, url: string, payload: string) {
  const token = await t.login('client');
  const res = await t.app.inject({
    method: r.method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
}
