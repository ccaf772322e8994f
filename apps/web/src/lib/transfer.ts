import { ApiError } from './http-errors';

/** Multipart uploads with progress (downloads: lib/download.ts). The session cookie goes with them. */

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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
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
