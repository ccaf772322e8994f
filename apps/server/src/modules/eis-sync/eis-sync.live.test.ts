import { describe, expect, it } from 'vitest';
import { httpConnector } from './eis-connector.js';

/**
 * Opt-in, against the real EIS (never in CI): `EIS_LIVE_TOKEN=… npx vitest run --project server
 * apps/server/src/modules/eis-sync/eis-sync.live.test.ts` (optionally EIS_LIVE_ENDPOINT,
 * EIS_LIVE_REGION). Skipped unless the token is set. It only reads: one getNsi call and one day of
 * one region's plans, and asserts the answers are named outcomes, not transport failures.
 */
const token = process.env.EIS_LIVE_TOKEN;

describe.skipIf(!token)('the real EIS read service (opt-in)', () => {
  const connector = () =>
    httpConnector(
      {
        endpoint:
          process.env.EIS_LIVE_ENDPOINT ?? 'https://int.zakupki.gov.ru/eis-integration/services/getDocsIP',
        namespace: 'http://zakupki.gov.ru/fz44/get-docs-ip/ws',
        tokenHeader: 'individualPerson_token',
        minIntervalMs: 1000,
        blockPauseMs: 600_000,
      },
      token ?? '',
    );
  it('answers getNsi and a day of plans with ok or noData', { timeout: 120_000 }, async () => {
    const c = connector();
    const nsi = await c.call({ kind: 'getNsi', nsiCode223: 'nsiOrganization', nsiKind: 'inc' });
    expect(['ok', 'noData']).toContain(nsi.kind);
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const plans = await c.call({
      kind: 'getDocsByOrgRegion',
      orgRegion: process.env.EIS_LIVE_REGION ?? 'Moskva',
      subsystemType: 'RPZ223',
      documentType223: 'purchasePlan',
      period: { exactDate: day },
    });
    expect(['ok', 'noData']).toContain(plans.kind);
  });
});
