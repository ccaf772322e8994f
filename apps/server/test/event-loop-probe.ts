import { readFileSync } from 'node:fs';
import { systemRoutes } from '@zakupki/shared';
import { call, sleep } from './processes.js';

/** How long a real server process holds its own event loop, and its peak memory (bombs tests). */

/**
 * Nanoseconds the process's main thread (its thread id is the pid) has spent waiting for a CPU:
 * the second field of Linux's `/proc/<pid>/task/<pid>/schedstat`.
 */
function runQueueWaitNs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]);
}

/**
 * Follows the server's own event-loop delay (`event_loop_delay_ms` of /api/health: the worst
 * since the previous call) until stopped. Measured inside the server, so a busy test process or
 * network does not count; and since on a loaded 2-core machine the main thread also waits for a
 * CPU (244 ms seen at load average 14 with nothing parsed on it), each window's delay is reduced
 * by the time the main thread spent on the run queue in that window (Linux schedstat). What is
 * left is the server holding its own loop: a bomb parsed on the main thread shows as seconds.
 */
export function probe(port: number, pid: number) {
  let worst = 0;
  let own = 0;
  let running = true;
  const loop = (async () => {
    await call(port, systemRoutes.health); // starts a fresh window
    let waited = runQueueWaitNs(pid);
    while (running) {
      await sleep(250);
      const h = await call(port, systemRoutes.health);
      const now = runQueueWaitNs(pid);
      const delay = h.body.event_loop_delay_ms;
      worst = Math.max(worst, delay);
      own = Math.max(own, delay - (now - waited) / 1e6);
      waited = now;
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { worst, own };
  };
}

export function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}
