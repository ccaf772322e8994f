/**
 * Yandex Metrika (docs/product.md §7): the counter starts only when GET /api/config/public carries
 * `yandex_metrika_id`. Click map, link tracking, accurate bounce and session recording
 * (webvisor) as docs/product.md says, but webvisor sees neither text nor keystrokes: the page body
 * carries Metrika's `ym-hide-content` and `ym-disable-keys` classes (docs/product.md: procurement
 * data is confidential). SPA navigation is reported with `hit`.
 */
type Ym = ((id: number, method: string, ...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: Ym;
  }
}

export const METRIKA_SRC = 'https://mc.yandex.ru/metrika/tag.js';
let counterId: number | null = null;
let lastUrl: string | null = null;

export function initMetrika(id: string | null | undefined): boolean {
  const n = Number(id);
  if (!id || !Number.isInteger(n) || n <= 0 || counterId !== null) return false;
  counterId = n;
  const queue: Ym = ((...args: unknown[]) => {
    queue.a = queue.a ?? [];
    queue.a.push(args);
  }) as Ym;
  queue.l = Date.now();
  window.ym = window.ym ?? queue;
  const script = document.createElement('script');
  script.async = true;
  script.src = METRIKA_SRC;
  document.head.appendChild(script);
  document.body.classList.add('ym-hide-content', 'ym-disable-keys');
  window.ym(n, 'init', {
    defer: true,
    clickmap: true,
    trackLinks: true,
    accurateTrackBounce: true,
    webvisor: true,
  });
  if (lastUrl) window.ym(n, 'hit', lastUrl);
  return true;
}

/** Reports a page view of the SPA (no-op until the counter is configured). */
export function trackPageView(url: string) {
  lastUrl = url;
  if (counterId !== null && window.ym) window.ym(counterId, 'hit', url);
}
