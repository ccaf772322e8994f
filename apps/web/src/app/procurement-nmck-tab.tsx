import { lazy, Suspense } from 'react';

/**
 * The «Обоснование НМЦД» tab of the procurement card, composed here so that the procurements
 * feature does not import the nmck feature (the pattern of home-widgets.tsx).
 */
const NmckTab = lazy(() =>
  import('../features/nmck/components/nmck-tab').then((m) => ({ default: m.NmckTab })),
);

export function ProcurementNmckTab(props: {
  companyId: number;
  procurementId: number;
  number: string;
  canWrite: boolean;
}) {
  return (
    <Suspense fallback={null}>
      <NmckTab {...props} />
    </Suspense>
  );
}
