import { useMutation } from '@tanstack/react-query';
import { fileRoutes } from '@zakupki/shared/api/imports';
import { buildPath, type RouteDef } from '@zakupki/shared/contract';
import { routeUrl } from './api-client';
import { ApiError } from './http-errors';
import { loading } from './loading';

/**
 * File downloads shared by the features (contract files and reports, catalogue and register XLSX):
 * GET with the session cookie, then the blob is handed to the browser under the server's file name.
 */

/** `attachment; filename*=UTF-8''%D0%A0…` or `filename="x.xlsx"` → the file name; null without one. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

export const fileNameFromDisposition = (header: string | null, fallback: string): string =>
  fileNameOf(header) ?? fallback;

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * GET (the HttpOnly session cookie goes with it) → blob → download under the server's name. Rejects
 * with ApiError like `api()` does, so the usual error notices apply.
 */
export async function downloadUrl(url: string, fallbackName: string, loadingText = 'скачивание файла') {
  const id = loading.start(loadingText);
  try {
    let res: Response;
    try {
      res = await fetch(url, { credentials: 'same-origin' });
    } catch {
      throw new ApiError(0, null);
    }
    if (!res.ok) {
      let body: unknown = null;
      try {
        body = await res.json();
      } catch {
        body = null;
      }
      throw new ApiError(res.status, body);
    }
    const blob = await res.blob();
    const name = fileNameFromDisposition(res.headers.get('content-disposition'), fallbackName);
    saveBlob(blob, name);
    return { name, size: blob.size, total: res.headers.get('x-total-count') };
  } finally {
    loading.stop(id);
  }
}

/** A stored file (upload or generated report): GET /api/files/:id after the server's access check. */
export const downloadFile = (fileId: number, fallbackName = `file-${fileId}`) =>
  downloadUrl(buildPath(fileRoutes.get.path, { id: fileId }), fallbackName);

/** A route that answers with a file (the register and catalogue XLSX). */
export const downloadRoute = <R extends RouteDef>(
  route: R,
  opts: Parameters<typeof routeUrl<R>>[1],
  fallbackName: string,
  loadingText?: string,
) => downloadUrl(routeUrl(route, opts), fallbackName, loadingText);

/** Downloads a stored file on `mutate({ id, name })`; a failure becomes the usual error notice. */
export const useFileDownload = () =>
  useMutation({
    mutationFn: ({ id, name }: { id: number; name?: string | null }) => downloadFile(id, name ?? undefined),
  });
