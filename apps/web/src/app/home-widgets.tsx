import { type ComponentType, lazy } from 'react';

/**
 * Widgets of the main page, added by later modules (deadlines due, contracts to report, …).
 * Each gets the selected company id; keep them lazy so the main page stays light:
 *   { id: 'deadlines', title: 'Сроки', Component: lazy(() => import('../features/deadlines/…')) }
 */
export type HomeWidget = { id: string; title: string; Component: ComponentType<{ companyId: number }> };

export const HOME_WIDGETS: HomeWidget[] = [
  {
    id: 'compliance',
    title: 'Календарь обязанностей 223-ФЗ',
    Component: lazy(() =>
      import('../features/compliance/components/compliance-widget').then((m) => ({
        default: m.ComplianceWidget,
      })),
    ),
  },
  {
    id: 'contract-deadlines',
    title: 'Сроки размещения сведений о договорах в ЕИС',
    Component: lazy(() =>
      import('../features/contracts/components/home/deadlines-widget').then((m) => ({
        default: m.DeadlinesWidget,
      })),
    ),
  },
  {
    id: 'procurement-deadlines',
    title: 'Сроки закупок: извещения, протоколы, заключение договоров',
    Component: lazy(() =>
      import('../features/procurements/components/home/deadlines-widget').then((m) => ({
        default: m.ProcurementDeadlinesWidget,
      })),
    ),
  },
  {
    id: 'procurement-rules-deadlines',
    title: 'Размещение положений о закупке в ЕИС (15 дней)',
    Component: lazy(() =>
      import('../features/procurement-rules/components/rules-deadlines-widget').then((m) => ({
        default: m.RulesDeadlinesWidget,
      })),
    ),
  },
  {
    id: 'sme-shares',
    title: 'Закупки у субъектов МСП с начала года (ПП РФ № 1352)',
    Component: lazy(() =>
      import('../features/sme-report/components/home/sme-share-widget').then((m) => ({
        default: m.SmeShareWidget,
      })),
    ),
  },
];
