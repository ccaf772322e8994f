import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError, serviceUnavailable } from '../app-error.js';
import type { PdfConverter, PdfConverterOptions, PdfFailure } from './pdf-converter.types.js';
import { runProcessGroup } from './process-group.js';

export const PDF_UNAVAILABLE =
  'PDF недоступен: на сервере не установлен LibreOffice. Документы формируются в DOCX.';
/** How long `soffice --version` may take before the node counts LibreOffice as missing. */
const PROBE_TIMEOUT_MS = 30_000;
/** A negative probe is asked again after this long (LibreOffice installed later, a probe under load). */
const PROBE_RETRY_MS = 5 * 60_000;

/** A conversion that failed; `message` is Russian and names the document. */
export class PdfConversionError extends AppError {
  constructor(
    readonly document: string,
    readonly reason: PdfFailure,
    why: string,
  ) {
    super('internal_error', `Не удалось преобразовать «${document}» в PDF: ${why}`, { document, reason });
    this.name = 'PdfConversionError';
  }
}

/** N slots; a run takes a free one (the most recently used first: its profile is warm) or waits in turn. */
class Slots {
  private readonly free: number[];
  private readonly waiting: ((slot: number) => void)[] = [];
  constructor(n: number) {
    this.free = Array.from({ length: n }, (_, i) => n - 1 - i);
  }
  async run<T>(work: (slot: number) => Promise<T>): Promise<T> {
    const slot = this.free.pop() ?? (await new Promise<number>((r) => this.waiting.push(r)));
    try {
      return await work(slot);
    } finally {
      const next = this.waiting.shift();
      if (next) next(slot);
      else this.free.push(slot);
    }
  }
}

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/** A PDF as LibreOffice writes it: `%PDF-` first, `%%EOF` near the end. */
export function looksLikePdf(bytes: Buffer): boolean {
  return (
    bytes.length > 0 &&
    bytes.subarray(0, 5).toString('latin1') === '%PDF-' &&
    bytes.subarray(-1024).toString('latin1').includes('%%EOF')
  );
}

/**
 * LibreOffice headless: `SOFFICE_PATH` or `soffice` on the PATH. `conversions` slots, each with a
 * profile directory of its own that it keeps between conversions (two soffice processes must not
 * share one; a fresh one makes the first start slower). Every conversion runs in its own process
 * group, killed whole after `timeoutMs`; a killed conversion's profile is made anew, a failed
 * one's lock file removed, so the slot is never left locked.
 */
export function createPdfConverter(
  opts: PdfConverterOptions,
): PdfConverter & { readonly conversions: number; close(): Promise<void> } {
  const bin = opts.sofficePath ?? 'soffice';
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const conversions = Math.max(1, opts.conversions ?? 1);
  const slots = new Slots(conversions);
  const stop = new AbortController();
  const running = new Set<Promise<unknown>>();
  let probe: Promise<string | null> | null = null;
  let probeExpires = 0;
  let workDir: Promise<string> | null = null;

  // a positive answer is kept for good, a negative one for PROBE_RETRY_MS
  const unavailableReason = () => {
    if (!probe || Date.now() > probeExpires) {
      probeExpires = Number.POSITIVE_INFINITY;
      probe = runProcessGroup(bin, ['--version'], { timeoutMs: PROBE_TIMEOUT_MS }).then((r) => {
        if (r.code === 0) return null;
        opts.log?.warn(
          { soffice: bin, error: r.error?.message, code: r.code, timed_out: r.timedOut, output: r.output },
          'LibreOffice is not available: PDF is off on this node',
        );
        probeExpires = Date.now() + PROBE_RETRY_MS;
        return PDF_UNAVAILABLE;
      });
    }
    return probe;
  };

  const base = () => {
    workDir ??= opts.workDir
      ? mkdir(opts.workDir, { recursive: true }).then(() => opts.workDir as string)
      : mkdtemp(path.join(tmpdir(), 'zk-pdf-'));
    return workDir;
  };

  const convertIn = async (slot: number, docx: Buffer, name: string): Promise<Buffer> => {
    if (stop.signal.aborted) throw new PdfConversionError(name, 'closed', 'сервер останавливается');
    const slotDir = path.join(await base(), `slot-${slot}`);
    const profile = path.join(slotDir, 'profile');
    await mkdir(slotDir, { recursive: true });
    const job = await mkdtemp(path.join(slotDir, 'job-'));
    const fail = async (reason: PdfFailure, why: string, output = '') => {
      // a killed soffice may leave its profile half-written: start the slot's next one afresh
      if (reason === 'timeout' || reason === 'closed') await rm(profile, { recursive: true, force: true });
      else await rm(path.join(profile, '.lock'), { force: true });
      opts.log?.warn({ document: name, reason, slot, output }, 'PDF conversion failed');
      return new PdfConversionError(name, reason, why);
    };
    try {
      const input = path.join(job, 'document.docx');
      await writeFile(input, docx);
      const r = await runProcessGroup(
        bin,
        [
          `-env:UserInstallation=${pathToFileURL(profile).href}`,
          '--headless',
          '--norestore',
          '--nologo',
          '--nodefault',
          '--convert-to',
          'pdf:writer_pdf_Export',
          '--outdir',
          job,
          input,
        ],
        { timeoutMs, cwd: job, signal: stop.signal, pidDir: opts.pidDir },
      );
      if (r.aborted) throw await fail('closed', 'сервер останавливается', r.output);
      if (r.timedOut)
        throw await fail('timeout', `LibreOffice не успел за ${seconds(timeoutMs)} с`, r.output);
      if (r.error) throw await fail('start', 'не удалось запустить LibreOffice', r.error.message);
      if (r.code !== 0)
        throw await fail('exit', `LibreOffice завершился с ошибкой (код ${r.code ?? r.signal})`, r.output);
      const pdf = await readFile(path.join(job, 'document.pdf')).catch(() => null);
      if (!pdf)
        throw await fail(
          'no_output',
          'LibreOffice не создал файл (документ повреждён или это не DOCX)',
          r.output,
        );
      if (!looksLikePdf(pdf))
        throw await fail('bad_output', 'получен пустой или повреждённый файл PDF', r.output);
      return pdf;
    } finally {
      await rm(job, { recursive: true, force: true });
    }
  };

  return {
    conversions,
    unavailableReason,
    async toPdf(docx, name) {
      if (stop.signal.aborted) throw new PdfConversionError(name, 'closed', 'сервер останавливается');
      const reason = await unavailableReason();
      if (reason) throw serviceUnavailable(reason);
      // LibreOffice would take any other bytes for plain text and make a PDF of them
      if (docx.subarray(0, 4).toString('latin1') !== 'PK\u0003\u0004')
        throw new PdfConversionError(name, 'bad_input', 'это не файл DOCX');
      const run = slots.run((slot) =>
        convertIn(slot, docx, name).catch((e: unknown) => {
          if (e instanceof PdfConversionError) throw e;
          opts.log?.warn({ document: name, err: e }, 'PDF conversion failed');
          throw new PdfConversionError(name, 'files', 'не удалось записать рабочие файлы на сервере');
        }),
      );
      running.add(run);
      void run.catch(() => undefined).finally(() => running.delete(run));
      return run;
    },
    /** Kills the running conversions and removes the slots' directory. */
    async close() {
      stop.abort();
      await Promise.allSettled([...running]);
      if (workDir && !opts.workDir) await rm(await workDir, { recursive: true, force: true });
    },
  };
}
