import { fmt, mb, sampleRss } from './lib.js';

export type UploadFile = { name: string; data: Buffer; contentType?: string };

export type ImportRun = {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  error: string | null;
  result: Record<string, unknown> | null;
};

export type TimedImport = {
  run: ImportRun;
  /** seconds from the start of the upload: its 202, then each progress step seen, then the end */
  accepted: number;
  steps: { progress: number; status: string; at: number }[];
  seconds: number;
  rss: ReturnType<ReturnType<typeof sampleRss>['stop']>;
};

/**
 * Uploads files to POST /api/companies/:id/imports/:kind and polls the run every 50 ms until it is
 * done or failed, sampling the server's memory meanwhile.
 */
export async function timedImport(
  base: string,
  token: string,
  companyId: number,
  kind: 'payments' | 'upd' | 'eis-contracts' | 'eis-plans',
  files: UploadFile[],
  serverPid: number,
  timeoutMs = 600_000,
): Promise<TimedImport> {
  // the multipart body as a browser sends it: one `file` part per file (built by fetch itself)
  const body = new FormData();
  for (const f of files)
    body.append(
      'file',
      new Blob([new Uint8Array(f.data)], { type: f.contentType ?? 'application/octet-stream' }),
      f.name,
    );
  const headers = { authorization: `Bearer ${token}` };
  const rss = sampleRss(serverPid);
  const t0 = performance.now();
  const since = () => (performance.now() - t0) / 1000;
  const res = await fetch(`${base}/api/companies/${companyId}/imports/${kind}`, {
    method: 'POST',
    headers,
    body,
  });
  if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const accepted = since();
  const { import_id } = (await res.json()) as { import_id: number };
  const steps: TimedImport['steps'] = [];
  for (;;) {
    const r = await fetch(`${base}/api/companies/${companyId}/imports/${import_id}`, { headers });
    if (!r.ok) throw new Error(`import ${import_id}: ${r.status} ${await r.text()}`);
    const run = (await r.json()) as ImportRun;
    const last = steps[steps.length - 1];
    if (!last || last.progress !== run.progress || last.status !== run.status) {
      steps.push({ progress: run.progress, status: run.status, at: since() });
    }
    if (run.status === 'done' || run.status === 'failed') {
      return { run, accepted, steps, seconds: since(), rss: rss.stop() };
    }
    if (performance.now() - t0 > timeoutMs) {
      rss.stop();
      throw new Error(`import ${import_id} still ${run.status} after ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** «upload 1.2 s → running 1.7 s → 30 % 2.5 s → … → done 9.8 s» */
/** The server's steps of the run: 'read 120 ms (CPU 100 ms) · parse 2.1 s (CPU 2.0 s) · …'. */
export function phasesLine(
  steps: { phases: Record<string, number>; cpu: Record<string, number> } | undefined,
): string {
  if (!steps) return 'not logged';
  const t = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
  return Object.entries(steps.phases)
    .map(
      ([name, ms]) =>
        `${name} ${t(ms)}${steps.cpu[name] !== undefined ? ` (CPU ${t(steps.cpu[name])})` : ''}`,
    )
    .join(' · ');
}

export function timeline(t: TimedImport): string {
  return [
    `202 ${fmt(t.accepted)} s`,
    ...t.steps.map((s) => `${s.status === 'running' ? `${s.progress} %` : s.status} ${fmt(s.at)} s`),
  ].join(' → ');
}

export const memory = (t: TimedImport) =>
  `${mb(t.rss.startRss)} → peak ${mb(t.rss.peakRss)} (VmHWM ${mb(t.rss.hwm)})`;
