/**
 * A minimal Sentry-compatible reporter (GlitchTip, self-hosted Sentry): uncaught errors and
 * unhandled rejections go to the DSN's envelope endpoint as events. It starts only when GET
 * /api/config/public carries `sentry_dsn`.
 *
 * Not included: session replay. docs/product.md asks for replays sampled at 0.1 (1 with errors);
 * docs/product.md requires all text and inputs to be masked in them. No Sentry SDK (and no rrweb
 * recorder) is installed, and a home-made DOM recorder that guarantees masking is not worth its
 * risk; the sampling rates below are kept for when the SDK is added with maskAllText,
 * maskAllInputs and blockAllMedia.
 */
export const REPLAY_SESSION_SAMPLE_RATE = 0.1;
export const REPLAY_ON_ERROR_SAMPLE_RATE = 1;

const MAX_EVENTS_PER_PAGE = 20;

export type Dsn = { endpoint: string; publicKey: string; projectId: string; dsn: string };

/** `https://key@host/path/42` → envelope endpoint `https://host/path/api/42/envelope/`. */
export function parseDsn(dsn: string): Dsn | null {
  try {
    const u = new URL(dsn);
    const publicKey = decodeURIComponent(u.username);
    const parts = u.pathname.split('/').filter(Boolean);
    const projectId = parts.pop();
    if (!publicKey || !projectId || !/^\d+$/.test(projectId)) return null;
    const prefix = parts.length ? `/${parts.join('/')}` : '';
    return {
      endpoint: `${u.protocol}//${u.host}${prefix}/api/${projectId}/envelope/`,
      publicKey,
      projectId,
      dsn,
    };
  } catch {
    return null;
  }
}

type Frame = { function?: string; filename?: string; lineno?: number; colno?: number; in_app: boolean };

/** Chrome (`at fn (url:1:2)`) and Firefox (`fn@url:1:2`) stack lines → Sentry frames, oldest first. */
export function parseStack(stack: string | undefined): Frame[] {
  if (!stack) return [];
  const frames: Frame[] = [];
  for (const line of stack.split('\n')) {
    const m =
      /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/.exec(line) ??
      /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/.exec(line);
    if (!m) continue;
    frames.push({
      function: m[1] || '?',
      filename: m[2],
      lineno: Number(m[3]),
      colno: Number(m[4]),
      in_app: m[2].startsWith(window.location.origin),
    });
  }
  return frames.reverse();
}

const hex32 = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export type ReporterContext = { environment: string; userId?: () => number | null };

export function buildEnvelope(dsn: Dsn, error: unknown, ctx: ReporterContext, now = new Date()): string {
  const err =
    error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Non-Error rejection');
  const eventId = hex32();
  const userId = ctx.userId?.() ?? null;
  const event = {
    event_id: eventId,
    timestamp: now.getTime() / 1000,
    platform: 'javascript',
    level: 'error',
    environment: ctx.environment,
    request: {
      url: window.location.origin + window.location.pathname,
      headers: { 'User-Agent': navigator.userAgent },
    },
    user: userId ? { id: String(userId) } : undefined,
    exception: {
      values: [
        { type: err.name || 'Error', value: err.message, stacktrace: { frames: parseStack(err.stack) } },
      ],
    },
  };
  const header = { event_id: eventId, sent_at: now.toISOString(), dsn: dsn.dsn };
  return `${JSON.stringify(header)}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify(event)}\n`;
}

let started = false;

export function initErrorReporter(dsnText: string | null | undefined, ctx: ReporterContext): boolean {
  if (!dsnText || started) return false;
  const dsn = parseDsn(dsnText);
  if (!dsn) {
    console.error('sentry_dsn is not a valid DSN; error reporting is off');
    return false;
  }
  started = true;
  let sent = 0;
  const seen = new Set<string>();
  const send = (error: unknown) => {
    const key = error instanceof Error ? `${error.name}:${error.message}` : String(error);
    if (sent >= MAX_EVENTS_PER_PAGE || seen.has(key)) return;
    seen.add(key);
    sent++;
    const url = `${dsn.endpoint}?sentry_key=${encodeURIComponent(dsn.publicKey)}&sentry_version=7`;
    void fetch(url, {
      method: 'POST',
      body: buildEnvelope(dsn, error, ctx),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      keepalive: true,
      credentials: 'omit',
    }).catch(() => {});
  };
  window.addEventListener('error', (e) => send(e.error ?? e.message));
  window.addEventListener('unhandledrejection', (e) => send(e.reason));
  return true;
}
