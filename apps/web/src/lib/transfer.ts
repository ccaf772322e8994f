import type { RouteDef } from '@zakupki/shared/contract';
import { routeUrl } from './api-client';
import { ApiError } from './http-errors';
import { loading } from './loading';
import { currentSession } from './session-store';

/** File transfers with the session's token: multipart uploads with progress, downloads of routes that answer a file. */

/**
 * POST of files as multipart (field `file`, one or more, and text fields) with upload progress
 * (XMLHttpRequest: fetch reports none). Resolves with the JSON answer; rejects with ApiError.
 */
export function uploadFiles<T>(
  url: string,
  files: File[],
  fields: Record<string, string | null | undefined> = {},
  onProgress?: (percent: number) => void,
): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
  for (const f of files) form.append('file', f, f.name);
  const token = currentSession()?.token;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.send(form);
  });
}

/** `attachment; filename*=UTF-8''%D0%A0…` or `filename="x.xlsx"` → the file name. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain ? plain[1].trim() : fallback;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * GET with the bearer token → blob → download (a plain link cannot carry the token). Rejects
 * with ApiError like `api()` does, so the usual error notices apply.
 */
export async function downloadUrl(url: string, fallbackName: string, loadingText = 'скачивание файла') {
  const token = currentSession()?.token;
  const id = loading.start(loadingText);
  try {
    let res: Response;
    try {
      res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
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

/** A route that answers with a file (the register XLSX). */
export const downloadRoute = <R extends RouteDef>(
  route: R,
  opts: Parameters<typeof routeUrl<R>>[1],
  fallbackName: string,
  loadingText?: string,
) => downloadUrl(routeUrl(route, opts), fallbackName, loadingText);
