import { Loader } from '@mantine/core';
import type { Procurement } from '@zakupki/shared/api/procurements';
import { lazy, Suspense } from 'react';

/**
 * Tabs of the procurement card that other features own (a feature never imports another one,
 * docs/web.md «Import rules»): the card imports them from here, lazily, as the main page does
 * its widgets (home-widgets.tsx).
 */
export type ProcurementTabProps = { companyId: number; procurement: Procurement; canWrite: boolean };

const Results = lazy(() =>
  import('../features/bids/components/results-tab').then((m) => ({ default: m.ResultsTab })),
);

/**
 * «Заявки и итоги»: bids per lot, admission, the evaluation and the protocols (features/bids); whether
 * the caller may write there the server answers with the results (`can_write`).
 */
export function ProcurementResultsTab({ companyId, procurement }: ProcurementTabProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Загрузка заявок" />}>
      <Results companyId={companyId} procurement={procurement} />
    </Suspense>
  );
}
