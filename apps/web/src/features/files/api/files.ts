import { useMutation, useQuery } from '@tanstack/react-query';
import { fileRoutes } from '@zakupki/shared/api/files';
import { api, routeUrl } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import type { QueryExtras } from '../../../lib/query-hooks';
import { queryRoots } from '../../../lib/query-keys';

/** The file page's data (GET /api/files/{id}/meta). Keys start with the `files` root. */
export const fileKeys = {
  all: queryRoots.files,
  file: (id: number) => [...fileKeys.all, id] as const,
  meta: (id: number) => [...fileKeys.file(id), 'meta'] as const,
};

/**
 * A file's metadata. A missing file (and one out of reach, which the server answers the same)
 * is the page's own «Файл не найден», so the query is silent and never retried.
 */
export const useFileMeta = (id: number, extra: QueryExtras = {}) =>
  useQuery({
    queryKey: fileKeys.meta(id),
    queryFn: ({ signal }) => api(fileRoutes.meta, { params: { id }, signal, loading: false }),
    enabled: id > 0,
    retry: false,
    meta: { silent: true },
    ...extra,
  });

/** The address a PDF is shown from in the page (`content-disposition: inline`). */
export const inlineFileUrl = (id: number) =>
  routeUrl(fileRoutes.get, { params: { id }, query: { inline: '1' } });

/** «Скачать»: the file under its own (Russian) name. */
export const useDownloadFile = () =>
  useMutation({ mutationFn: ({ id, name }: { id: number; name: string }) => downloadFile(id, name) });
