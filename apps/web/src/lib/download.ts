import { ApiError } from './http-errors';
import { loading } from './loading';
import { currentSession } from './session-store';

/** `attachment; filename*=UTF-8''%D0%A0…` or `filename="x.docx"` → the file name. */
function nameOf(header: string | null, fallback: string): string {
  const star = header && /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* the plain name then */
    }
  }
  return (header && /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]) || fallback;
}

/**
 * Fetches a file route with the session's bearer token (a plain link cannot carry it) and hands
 * it to the browser as a download; rejects with ApiError so the usual error notices apply.
 */
export async function downloadWithToken(url: string, fallbackName: string, loadingText: string) {
  const token = currentSession()?.token;
  const id = loading.start(loadingText);
  try {
    const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => {
      throw new ApiError(0, null);
    });
    if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
    const blob = await res.blob();
    const name = nameOf(res.headers.get('content-disposition'), fallbackName);
    const href = URL.createObjectURL(blob);
    const a = Object.assign(document.createElement('a'), { href, download: name, rel: 'noopener' });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
    return name;
  } finally {
    loading.stop(id);
  }
}
