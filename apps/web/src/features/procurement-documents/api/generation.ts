import { useQueryClient } from '@tanstack/react-query';
import type { OutputFormat } from '@zakupki/shared/api/procurement-documents';
import type { AuthServerEvents } from '@zakupki/shared/sockets';
import { useState } from 'react';
import { emitAuth, useAuthEvent } from '../../../lib/realtime';
import { documentationKeys, useGenerateOverHttp } from './procurement-documents';

type Result = Parameters<AuthServerEvents['readyDocumentResponse']>[0]['documents'][number];

export type GenerationState =
  | { phase: 'idle' }
  | { phase: 'sent'; documentIds: number[] | null }
  | { phase: 'running'; documentIds: number[] | null; jobId: string; progress: number }
  | { phase: 'done'; results: Result[] }
  | { phase: 'failed'; error: string };

/**
 * «Сформировать» over /auth (docs/product.md §7): readyDocumentRequest {procurement_id,
 * document_ids?, formats?} → readyDocumentReceived {procurement_id, job_id} at once → jobProgress
 * of that job → readyDocumentResponse {procurement_id, documents}. Without a socket the same job
 * starts through POST …/documentation/generate and its progress arrives the same way.
 */
export function useGeneration(companyId: number, procurementId: number) {
  const [state, setState] = useState<GenerationState>({ phase: 'idle' });
  const http = useGenerateOverHttp(companyId, procurementId);
  const qc = useQueryClient();

  useAuthEvent('readyDocumentReceived', (p) => {
    if (p.procurement_id !== procurementId) return;
    setState((s) => ({
      phase: 'running',
      jobId: p.job_id,
      progress: 0,
      documentIds: s.phase === 'sent' || s.phase === 'running' ? s.documentIds : null,
    }));
  });
  useAuthEvent('jobProgress', (p) => {
    setState((s) => (s.phase === 'running' && s.jobId === p.job_id ? { ...s, progress: p.progress } : s));
  });
  useAuthEvent('readyDocumentResponse', (p) => {
    if (p.procurement_id !== procurementId) return;
    setState(p.error ? { phase: 'failed', error: p.error } : { phase: 'done', results: p.documents });
    void qc.invalidateQueries({ queryKey: documentationKeys.procurement(companyId, procurementId) });
  });

  const start = (documentIds: number[] | null, formats: OutputFormat[]) => {
    const payload = {
      procurement_id: procurementId,
      ...(documentIds ? { document_ids: documentIds } : {}),
      formats,
    };
    const sent = emitAuth('readyDocumentRequest', payload, 'формирование документов');
    if (sent) {
      setState({ phase: 'sent', documentIds });
      return;
    }
    setState({ phase: 'sent', documentIds });
    http.mutate(
      { document_ids: documentIds ?? undefined, formats },
      {
        onSuccess: ({ job_id }) => setState({ phase: 'running', jobId: job_id, progress: 0, documentIds }),
        onError: (err) => setState({ phase: 'failed', error: err.message }),
      },
    );
  };

  const busy = state.phase === 'sent' || state.phase === 'running';
  return { state, start, busy, reset: () => setState({ phase: 'idle' }) };
}
