import { CatalogUserfieldsRequest, type UserfieldEntry } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { listCatalog, viewOf } from './catalogs.service.js';

/** Template user fields answered at most in one message: the list is short by nature. */
const MAX_FIELDS = 500;

/**
 * /auth: catalogUserfieldsRequest {request_id, company_id?, q?} → catalogUserfieldsReceived at
 * once → catalogUserfieldsResponse {request_id, items, error}: the global fields plus the
 * company's, with the same access rules as GET /api/catalogs/userfields.
 */
export function registerCatalogSockets(app: FastifyInstance) {
  app.deps.sockets.onAuth('catalogUserfieldsRequest', async (socket, payload) => {
    const parsed = CatalogUserfieldsRequest.safeParse(payload);
    const requestId =
      typeof (payload as { request_id?: unknown } | null)?.request_id === 'string'
        ? (payload as { request_id: string }).request_id
        : '';
    if (!parsed.success) {
      socket.emit('catalogUserfieldsResponse', {
        request_id: requestId,
        items: [],
        error: `Некорректный запрос: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'запрос'} — ${i.message}`).join(', ')}`,
      });
      return;
    }
    const p = parsed.data;
    socket.emit('catalogUserfieldsReceived', { request_id: p.request_id });
    try {
      const page = await listCatalog<UserfieldEntry>(app.deps, socket.data.actor, viewOf('userfield'), {
        company_id: p.company_id,
        q: p.q,
        page: 1,
        limit: MAX_FIELDS,
      });
      socket.emit('catalogUserfieldsResponse', { request_id: p.request_id, items: page.items, error: null });
    } catch (err) {
      if (!(err instanceof AppError)) app.log.error({ err }, 'catalogUserfieldsRequest failed');
      socket.emit('catalogUserfieldsResponse', {
        request_id: p.request_id,
        items: [],
        error: err instanceof AppError ? err.message : 'Не удалось получить пользовательские поля',
      });
    }
  });
}
