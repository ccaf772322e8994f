import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError } from '../app-error.js';
import type { PdfConverter } from './pdf-converter.types.js';

/**
 * LibreOffice headless: `SOFFICE_PATH` or `soffice` on the PATH. Each conversion gets its own
 * profile directory (two soffice processes must not share one) and runs one at a time.
 */
export function createPdfConverter(opts: { sofficePath: string | null; timeoutMs?: number }): PdfConverter {
  const bin = opts.sofficePath ?? 'soffice';
  const timeoutMs = opts.timeoutMs ?? 120_000;
  let probe: Promise<string | null> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const unavailableReason = () => {
    probe ??= new Promise((resolve) => {
      execFile(bin, ['--version'], { timeout: 30_000 }, (err) =>
        resolve(
          err ? 'PDF недоступен: на сервере не установлен LibreOffice. DOCX формируется как обычно.' : null,
        ),
      );
    });
    return probe;
  };

  const convertOne = async (docx: Buffer, name: string): Promise<Buffer> => {
    const dir = await mkdtemp(path.join(tmpdir(), 'zk-pdf-'));
    try {
      const input = path.join(dir, 'document.docx');
      await writeFile(input, docx);
      const profile = pathToFileURL(path.join(dir, 'profile')).href;
      await new Promise<void>((resolve, reject) => {
        execFile(
          bin,
          [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, input],
          { timeout: timeoutMs, killSignal: 'SIGKILL' },
          (err) => (err ? reject(err) : resolve()),
        );
      });
      return await readFile(path.join(dir, 'document.pdf'));
    } catch {
      throw new Error(`Не удалось преобразовать «${name}» в PDF`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  return {
    unavailableReason,
    async toPdf(docx, name) {
      const reason = await unavailableReason();
      if (reason) throw new AppError('service_unavailable', reason);
      const run = queue.then(() => convertOne(docx, name));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
