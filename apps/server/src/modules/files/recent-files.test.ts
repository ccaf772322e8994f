import { describe, expect, it } from 'vitest';
import type { FileContent } from './files.service.js';
import { RecentFiles } from './recent-files.js';

const file = (id: number, bytes: number): FileContent => ({
  id,
  companyId: 1,
  userId: 1,
  name: `${id}.txt`,
  mime: 'text/plain',
  size: bytes,
  sha256: '',
  content: Buffer.alloc(bytes, id),
});

describe('RecentFiles', () => {
  it('hands a file over once', () => {
    const recent = new RecentFiles({ budget: 100, ttlMs: 1000 });
    recent.put(file(1, 10));
    expect(recent.size).toBe(10);
    expect(recent.take(1)?.content).toEqual(Buffer.alloc(10, 1));
    expect(recent.take(1)).toBeUndefined();
    expect(recent.size).toBe(0);
  });

  it('lets the oldest files go when over the budget, and never keeps a file larger than it', () => {
    const recent = new RecentFiles({ budget: 100, ttlMs: 1000 });
    recent.put(file(1, 40));
    recent.put(file(2, 40));
    recent.put(file(3, 40));
    expect(recent.size).toBe(80);
    expect(recent.take(1)).toBeUndefined();
    expect(recent.take(2)?.id).toBe(2);
    recent.put(file(4, 101));
    expect(recent.take(4)).toBeUndefined();
    expect(recent.take(3)?.id).toBe(3);
    expect(recent.size).toBe(0);
  });

  it('lets files go after the time limit', () => {
    let now = 0;
    const recent = new RecentFiles({ budget: 100, ttlMs: 1000, now: () => now });
    recent.put(file(1, 10));
    now = 600;
    recent.put(file(2, 10));
    now = 1001;
    expect(recent.take(1)).toBeUndefined();
    expect(recent.take(2)?.id).toBe(2);
  });

  it('keeps nothing with a budget of 0', () => {
    const recent = new RecentFiles({ budget: 0, ttlMs: 1000 });
    recent.put(file(1, 1));
    expect(recent.take(1)).toBeUndefined();
  });
});
