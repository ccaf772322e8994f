import { DocumentUserfieldsRequest, ReadyDocumentRequest } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodError } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { answerGeneration, startGeneration } from './procurement-documents.jobs.js';
import { procurementForSocket, userfieldsForSocket } from './procurement-documents.service.js';

const refusal = (e: ZodError) =>
  `Некорректный запрос: ${e.issues.map((i) => `${i.path.join('.') || 'запрос'} — ${i.message}`).join(', ')}`;

const procurementIdOf = (payload: unknown) =>
  Number((payload as { procurement_id?: unknown } | null)?.procurement_id) || 0;

/**
 * /auth events of the documentation (docs/product.md §7):
 * - readyDocumentRequest {procurement_id, document_ids?, formats?} → at once readyDocumentReceived
 *   {procurement_id, job_id} → the generation job → readyDocumentResponse {procurement_id,
 *   documents, error} with a stored notification. A refused request (invalid, a procurement out of
 *   reach: 404, a read-only role: 403, another generation running: 409) gets the response with its
 *   error and no job.
 * - documentUserfieldsRequest {procurement_id} → documentUserfieldsReceived {procurement_id,
 *   fields, values, error}.
 */
export function registerProcurementDocumentSockets(app: FastifyInstance) {
  const deps = app.deps;
  deps.sockets.onAuth('readyDocumentRequest', async (socket, payload) => {
    const actor = socket.data.actor;
    const procurementId = procurementIdOf(payload);
    const refuse = (message: string, companyId: number | null = null) =>
      answerGeneration(deps, { userId: actor.userId, companyId }, 'error', message, {
        procurement_id: procurementId,
        documents: [],
        error: message,
      });
    const parsed = ReadyDocumentRequest.safeParse(payload);
    if (!parsed.success) {
      await refuse(refusal(parsed.error));
      return;
    }
    const p = parsed.data;
    let companyId: number | null = null;
    try {
      companyId = await procurementForSocket(deps, actor, p.procurement_id, 'procurements.write');
      const { job_id } = await startGeneration(deps, actor, p.procurement_id, {
        document_ids: p.document_ids,
        formats: p.formats,
      });
      socket.emit('readyDocumentReceived', { procurement_id: p.procurement_id, job_id });
    } catch (err) {
      if (!(err instanceof AppError)) app.log.error({ err }, 'readyDocumentRequest failed');
      const issues =
        err instanceof AppError
          ? (err.details as { issues?: { message: string }[] } | undefined)?.issues
          : undefined;
      const message =
        err instanceof AppError
          ? issues?.length
            ? `${err.message}: ${issues.map((i) => i.message).join('; ')}`
            : err.message
          : 'Не удалось принять запрос на формирование документов';
      await refuse(message, companyId);
    }
  });

  deps.sockets.onAuth('documentUserfieldsRequest', async (socket, payload) => {
    const actor = socket.data.actor;
    const procurementId = procurementIdOf(payload);
    const parsed = DocumentUserfieldsRequest.safeParse(payload);
    const fail = (error: string) =>
      socket.emit('documentUserfieldsReceived', {
        procurement_id: procurementId,
        fields: [],
        values: {},
        error,
      });
    if (!parsed.success) {
      fail(refusal(parsed.error));
      return;
    }
    try {
      const r = await userfieldsForSocket(deps, actor, parsed.data.procurement_id);
      socket.emit('documentUserfieldsReceived', {
        procurement_id: parsed.data.procurement_id,
        fields: r.fields,
        values: r.values,
        error: null,
      });
    } catch (err) {
      if (!(err instanceof AppError)) app.log.error({ err }, 'documentUserfieldsRequest failed');
      fail(err instanceof AppError ? err.message : 'Не удалось получить поля документов закупки');
    }
  });
}
