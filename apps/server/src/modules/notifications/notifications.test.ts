import { systemRoutes } from '@zakupki/shared';
import type { Notification } from '@zakupki/shared/api/system';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { currentScope, newRequestScope, runInScope } from '../../lib/request-scope.js';
import { notificationLink } from './notifications.policy.js';
import { Notifier } from './notifications.service.js';

const t = testAppForFile();

describe('notifications name their company and link to what they are about', () => {
  it('the list and «Прочитано» answer the company title and the link of every kind', async () => {
    const specialist = t.ids.users['specialist@demo.local'];
    const energo = t.ids.companies.client1;
    const water = t.ids.companies.client2;
    const notify = (companyId: number | null, kind: string, payload: Record<string, unknown>) =>
      t.app.deps.notifier.notify({
        userId: specialist,
        companyId,
        kind,
        status: 'success',
        header: kind,
        message: 'готово',
        payload,
      });
    await notify(energo, 'eisPlanResponse', { plan_id: 5, registration_number: '1', error: null });
    await notify(water, 'readyDocumentResponse', { procurement_id: 9, documents: [], error: null });
    await notify(water, 'notification', { catalog_import_id: 3, link: '/catalogMethod' });
    const last = await notify(null, 'copyProcurementRuleResponse', {
      rule_id: 4,
      new_rule_id: null,
      error: 'x',
    });

    const list = await t.call(systemRoutes.notifications, { as: 'specialist' });
    expect(list.status).toBe(200);
    const byKind = Object.fromEntries(
      (list.body.items as Notification[]).map((n) => [n.kind, [n.company_title, n.link]]),
    );
    expect(byKind).toEqual({
      eisPlanResponse: ['АО «Энергосеть»', '/eisPlans?plan=5'],
      readyDocumentResponse: ['ГУП «Водоканал Северо-Запад»', '/procurement_documents/9'],
      notification: ['ГУП «Водоканал Северо-Запад»', '/catalogMethod'],
      copyProcurementRuleResponse: [null, '/procurementsRules/4/versions'],
    });

    const read = await t.call(systemRoutes.readNotification, { params: { id: last }, as: 'specialist' });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ company_title: null, link: '/procurementsRules/4/versions' });
  });

  it('the live push names its company and link as the stored one does, in the one statement that stores it', async () => {
    const pushed: [string, Record<string, unknown>][] = [];
    const io = {
      of: () => ({ to: () => ({ emit: (e: string, p: Record<string, unknown>) => pushed.push([e, p]) }) }),
    };
    const notifier = new Notifier(t.app.deps.db, io as never);
    // statements sent to PostgreSQL while it stores and pushes (PGlite: not counted)
    const pg = t.app.deps.database.pool ? (await import('pg')).default : null;
    const original = pg?.Client.prototype.query;
    let statements = 0;
    if (pg && original) {
      pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
        // this call's statements only (background jobs of the app query meanwhile)
        if (currentScope() === scope) statements++;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
    }
    const scope = newRequestScope();
    await runInScope(scope, () =>
      notifier.notify({
        userId: t.ids.users['specialist@demo.local'],
        companyId: t.ids.companies.client1,
        kind: 'eisPlanResponse',
        status: 'success',
        header: 'План загружен',
        message: 'готово',
        payload: { plan_id: 5, registration_number: '1', error: null },
      }),
    ).finally(() => {
      if (pg && original) pg.Client.prototype.query = original;
    });
    if (pg) expect(statements).toBe(1);
    expect(pushed).toEqual([
      [
        'eisPlanResponse',
        expect.objectContaining({
          company_id: t.ids.companies.client1,
          company_title: 'АО «Энергосеть»',
          link: '/eisPlans?plan=5',
          plan_id: 5,
        }),
      ],
    ]);
  });

  it('every kind a job stores links somewhere; a payload without ids links to the list', () => {
    const kinds: [string, Record<string, unknown>, string][] = [
      ['notificationMapInvoiceItemsResponse', {}, '/contracts/execution?section=history'],
      ['notificationImportPaymentsResponse', {}, '/contracts/execution?section=history'],
      ['notificationEisContractsResponse', {}, '/contracts/execution?section=history'],
      [
        'notificationPerfomanceContractResponse',
        { contract_id: 12 },
        '/contracts/register?contract=12&tab=execution',
      ],
      ['notificationPerfomanceContractResponse', {}, '/contracts/execution'],
      ['reportCreateResponse', { file_id: 8 }, '/files/8'],
      ['reportCreateResponse', { file_id: null }, '/contracts/export'],
      ['eisPlanResponse', { plan_id: null }, '/eisPlans'],
      ['eisProcurementsResponse', { procurement_id: 7 }, '/documents/7'],
      ['eisProcurementsResponse', { procurement_id: null }, '/documents'],
      ['readyDocumentResponse', {}, '/documents'],
      ['copyProcurementRuleResponse', { rule_id: 2, new_rule_id: 6 }, '/procurementsRules/6/versions'],
      ['notification', { link: '/catalogTariffs' }, '/catalogTariffs'],
    ];
    for (const [kind, payload, link] of kinds)
      expect([kind, notificationLink(kind, payload)]).toEqual([kind, link]);
    // a link in the payload must be a path of the app, never another site
    expect(notificationLink('notification', { link: 'https://evil.example' })).toBeNull();
  });
});
