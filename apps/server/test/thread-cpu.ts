import { readFileSync } from 'node:fs';

/**
 * Where a real server process spends its CPU, and its peak memory (bombs tests). CPU time is
 * counted per thread and does not grow while a thread waits for a CPU, so unlike a delay it does
 * not depend on the machine's load: work done off the event loop shows on the other threads.
 */

/**
 * CPU time (ms) a server process has spent: in all (every thread, ended ones included: Linux
 * `/proc/<pid>/stat`) and on its main thread (its thread id is the pid), user and system.
 */
export function cpuMs(pid: number): { all: number; main: number } {
  const ms = (file: string) => {
    const stat = readFileSync(file, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, in ticks of 1/100 s
  };
  return { all: ms(`/proc/${pid}/stat`), main: ms(`/proc/${pid}/task/${pid}/stat`) };
}

/** CPU time (ms) the process `pid` spent on its main thread and on its other threads during `work`. */
export async function cpuDuring<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; main: number; off: number }> {
  const before = cpuMs(pid);
  const result = await work();
  const after = cpuMs(pid);
  const main = after.main - before.main;
  return { result, main, off: after.all - before.all - main };
}

/** The process's peak resident memory (MB): Linux `VmHWM`. */
export function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}
