import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killGroup, killLeftoverGroups, runProcessGroup } from './process-group.js';

let dir: string;
let pidDir: string;
let standIn: string;
const started: number[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zk-groups-'));
  pidDir = path.join(dir, 'groups');
  // a harmless stand-in named like LibreOffice that keeps a child running, as soffice does
  standIn = path.join(dir, 'soffice');
  await writeFile(standIn, '#!/bin/sh\nsleep 300\n');
  await chmod(standIn, 0o755);
});
afterAll(async () => {
  for (const pgid of started) killGroup(pgid);
  await rm(dir, { recursive: true, force: true });
});

async function recorded(): Promise<string[]> {
  for (let i = 0; i < 200; i++) {
    const files = await readdir(pidDir).catch(() => [] as string[]);
    if (files.length) return files;
    await new Promise((r) => setTimeout(r, 25));
  }
  return [];
}

describe('process group records and the start-up cleanup', () => {
  it('a finished run removes its record', async () => {
    const r = await runProcessGroup('true', [], { timeoutMs: 60_000, pidDir });
    expect(r.code).toBe(0);
    expect(await readdir(pidDir)).toEqual([]);
  });

  it('kills a recorded soffice group left running, and removes the record', async () => {
    const run = runProcessGroup(standIn, [], { timeoutMs: 600_000, pidDir });
    const [file] = await recorded();
    const pgid = Number(file.replace('.pid', ''));
    started.push(pgid);
    expect(await killLeftoverGroups(pidDir, 'soffice')).toEqual([pgid]);
    const r = await run;
    expect(r.signal).toBe('SIGKILL');
    expect(await readdir(pidDir)).toEqual([]);
  });

  it('leaves a reused pid that does not run soffice alone, and a live owner’s conversions', async () => {
    const other = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
    const pgid = other.pid as number;
    started.push(pgid);
    await mkdir(pidDir, { recursive: true });
    await writeFile(path.join(pidDir, `${pgid}.pid`), '999999999');
    expect(await killLeftoverGroups(pidDir, 'soffice')).toEqual([]);
    expect(() => process.kill(pgid, 0)).not.toThrow();
    expect(await readdir(pidDir)).toEqual([]);

    const live = runProcessGroup(standIn, [], { timeoutMs: 600_000, pidDir });
    const [file] = await recorded();
    const standInGroup = Number(file.replace('.pid', ''));
    started.push(standInGroup);
    // recorded by another server that still runs (here: this test's parent process)
    await writeFile(path.join(pidDir, file), String(process.ppid));
    expect(await killLeftoverGroups(pidDir, 'soffice')).toEqual([]);
    expect(await readdir(pidDir)).toEqual([file]);
    killGroup(standInGroup);
    expect((await live).signal).toBe('SIGKILL');
  });
});
