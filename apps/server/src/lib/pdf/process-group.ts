import { spawn } from 'node:child_process';

export type GroupRun = {
  /** exit code of the started process (null when it was killed or did not start) */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** killed because it ran over `timeoutMs` */
  timedOut: boolean;
  /** killed because `signal` was aborted */
  aborted: boolean;
  /** the process could not be started (ENOENT, EACCES) */
  error: Error | null;
  /** the last few kilobytes of stdout and stderr, for the log */
  output: string;
};

const OUTPUT_KEEP = 4096;
/** After a kill, how long to wait for the group's pipes to close before giving up on them. */
const KILL_GRACE_MS = 5_000;

/** SIGKILL to every process of the group `pgid`; a group already gone is fine. */
export function killGroup(pgid: number | undefined): void {
  if (!pgid) return;
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // ESRCH: nothing left of the group
  }
}

/**
 * Runs `bin args` as the leader of a process group of its own (`detached`), so that a timeout or
 * an abort kills everything it started (soffice forks oosplash and soffice.bin) and not only the
 * first process. Settles when the group's output pipes close, i.e. when every process that
 * inherited them has ended; after a kill at most `KILL_GRACE_MS` later. Never rejects.
 */
export function runProcessGroup(
  bin: string,
  args: string[],
  opts: { timeoutMs: number; cwd?: string; env?: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<GroupRun> {
  return new Promise((resolve) => {
    let output = '';
    let timedOut = false;
    let aborted = false;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let grace: NodeJS.Timeout | undefined;
    const child = spawn(bin, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: opts.cwd,
      env: opts.env ?? process.env,
    });
    const finish = (r: Pick<GroupRun, 'code' | 'signal' | 'error'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(grace);
      opts.signal?.removeEventListener('abort', onAbort);
      // whatever the leader left behind (a straggling soffice.bin) goes with it
      killGroup(child.pid);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({ ...r, timedOut, aborted, output });
    };
    const kill = () => {
      killGroup(child.pid);
      grace ??= setTimeout(
        () => finish({ code: child.exitCode, signal: child.signalCode, error: null }),
        KILL_GRACE_MS,
      );
    };
    const onAbort = () => {
      aborted = true;
      kill();
    };
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEEP);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', (error) => finish({ code: null, signal: null, error }));
    child.on('close', (code, signal) => finish({ code, signal, error: null }));
    timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
