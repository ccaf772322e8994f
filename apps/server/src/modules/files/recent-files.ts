import type { FileContent } from './files.service.js';

export type RecentFilesOptions = {
  /** bytes kept at most; the oldest files go first */
  budget: number;
  /** how long a file is kept, in ms */
  ttlMs: number;
  /** clock (tests) */
  now?: () => number;
};

/**
 * Files this process has just stored, handed to the job that reads them once. An import job
 * usually runs on the node that took the upload a moment earlier: reading the 45 MB it already
 * holds back from PostgreSQL cost it a second. Stored files are never changed or deleted, so a
 * copy is never stale; a job on another node, a retry, or a file evicted by the budget or the
 * time limit reads the database as before. One per application (file ids are per database).
 */
export class RecentFiles {
  private readonly files = new Map<number, { file: FileContent; at: number }>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly opts: RecentFilesOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Keeps a stored file (call after its transaction committed); too large a file is not kept. */
  put(file: FileContent): void {
    if (file.content.length > this.opts.budget) return;
    this.drop(file.id);
    this.files.set(file.id, { file, at: this.now() });
    this.bytes += file.content.length;
    this.evict();
    // an idle process lets go of what no job took once the time is up
    setTimeout(() => this.evict(), this.opts.ttlMs + 1).unref();
  }

  /** The file if it is kept, and forgets it: a job reads its upload once. */
  take(id: number): FileContent | undefined {
    this.evict();
    const entry = this.files.get(id);
    if (!entry) return undefined;
    this.drop(id);
    return entry.file;
  }

  /** Bytes kept now. */
  get size(): number {
    return this.bytes;
  }

  private drop(id: number): void {
    const entry = this.files.get(id);
    if (!entry) return;
    this.files.delete(id);
    this.bytes -= entry.file.content.length;
  }

  /** Drops files past the time limit, then the oldest while over the budget (Map keeps insertion order). */
  private evict(): void {
    const oldest = this.now() - this.opts.ttlMs;
    for (const [id, entry] of this.files) {
      if (entry.at > oldest && this.bytes <= this.opts.budget) break;
      this.drop(id);
    }
  }
}
