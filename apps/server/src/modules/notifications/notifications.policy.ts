/**
 * Where a stored notification leads: the screen of what it is about, from its kind (the socket
 * event of docs/product.md §7) and the ids its payload carries. Every kind a job or a request
 * stores has one; only the delivery check («Проверка уведомлений») is about nothing.
 */
export function notificationLink(kind: string, payload: unknown): string | null {
  const p = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const id = (key: string) => {
    const v = p[key];
    return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
  };
  if (typeof p.link === 'string' && p.link.startsWith('/')) return p.link;
  switch (kind) {
    case 'notificationMapInvoiceItemsResponse':
    case 'notificationImportPaymentsResponse':
    case 'notificationEisContractsResponse':
      // the import history lists the run with every file's outcome
      return '/contracts/execution?section=history';
    case 'notificationPerfomanceContractResponse': {
      const contract = id('contract_id');
      return contract ? `/contracts/register?contract=${contract}&tab=execution` : '/contracts/execution';
    }
    case 'reportCreateResponse': {
      const file = id('file_id');
      return file ? `/files/${file}` : '/contracts/export';
    }
    case 'eisPlanResponse': {
      const plan = id('plan_id');
      return plan ? `/eisPlans?plan=${plan}` : '/eisPlans';
    }
    case 'eisProcurementsResponse': {
      const procurement = id('procurement_id');
      return procurement ? `/documents/${procurement}` : '/documents';
    }
    case 'readyDocumentResponse': {
      const procurement = id('procurement_id');
      return procurement ? `/procurement_documents/${procurement}` : '/documents';
    }
    case 'copyProcurementRuleResponse': {
      const rule = id('new_rule_id') ?? id('rule_id');
      return rule ? `/procurementsRules/${rule}/versions` : '/procurementsRules';
    }
    default:
      return null;
  }
}
