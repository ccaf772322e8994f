import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

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
  opts: {
    timeoutMs: number;
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    signal?: AbortSignal;
    /** records the group in `<pidDir>/<pgid>.pid` while it runs (see `killLeftoverGroups`) */
    pidDir?: string;
  },
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
    // written synchronously right after the spawn, so no await lies between start and record
    const pidFile = opts.pidDir && child.pid ? path.join(opts.pidDir, `${child.pid}.pid`) : null;
    if (pidFile && opts.pidDir) {
      mkdirSync(opts.pidDir, { recursive: true });
      writeFileSync(pidFile, String(process.pid)); // the owner: this server
    }
    const finish = (r: Pick<GroupRun, 'code' | 'signal' | 'error'>) => {
      if (settled) return;
      settled = true;
      if (pidFile) rmSync(pidFile, { force: true });
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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a live process of group `pgid` has `program` in its command line (Linux `/proc`). */
async function groupRuns(pgid: number, program: string): Promise<boolean> {
  const pids = await readdir('/proc').catch(() => [] as string[]);
  for (const pid of pids) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // fields after the command name (which may hold spaces): state ppid pgrp ...
    const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    if (pgrp !== pgid) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0').some((arg) => path.basename(arg).includes(program))) return true;
  }
  return false;
}

/**
 * At start: kills the process groups a previous run of the server recorded in `pidDir` and left
 * behind (killed mid-conversion, its soffice kept running). A group is killed only while one of
 * its processes still runs `program` (a pid reused by an unrelated process is left alone) and the
 * server that recorded it (the file's content) is gone; those records are removed. Returns the groups killed.
 */
export async function killLeftoverGroups(pidDir: string, program: string): Promise<number[]> {
  const files = await readdir(pidDir).catch(() => [] as string[]);
  const killed: number[] = [];
  for (const file of files) {
    const pgid = Number(/^(\d+)\.pid$/.exec(file)?.[1]);
    const owner = Number(await readFile(path.join(pidDir, file), 'utf8').catch(() => ''));
    // a server still running (another one on the same DATA_DIR) keeps its conversions
    if (owner && owner !== process.pid && alive(owner)) continue;
    if (pgid > 1 && pgid !== process.pid && (await groupRuns(pgid, program))) {
      killGroup(pgid);
      killed.push(pgid);
    }
    await rm(path.join(pidDir, file), { force: true });
  }
  return killed;
}
