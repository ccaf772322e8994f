import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { buildDocx } from '../../kernel/docx-builder.js';
import { AppError } from '../app-error.js';
import { createPdfConverter, looksLikePdf, PDF_UNAVAILABLE, PdfConversionError } from './pdf-converter.js';

const root = mkdtempSync(path.join(tmpdir(), 'zk-pdf-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let scripts = 0;

const FAKE_PDF = '%%PDF-1.4\\n1 0 obj <<>> endobj\\ntrailer <<>>\\n%%%%EOF\\n';

/**
 * A stand-in for soffice: answers `--version`, reads the profile, the output directory and the
 * input from its arguments the way soffice takes them, takes the profile's lock, then runs `body`.
 */
function fakeSoffice(body: string): string {
  const file = path.join(root, `soffice-${++scripts}.sh`);
  writeFileSync(
    file,
    `#!/bin/bash
if [ "$1" = "--version" ]; then echo "LibreOffice 0.0 (fake)"; exit 0; fi
prev=""
for a in "$@"; do
  case "$a" in -env:UserInstallation=file://*) profile="\${a#-env:UserInstallation=file://}";; esac
  [ "$prev" = "--outdir" ] && outdir="$a"
  prev="$a"
done
input="\${@: -1}"
out="$outdir/$(basename "$input" .docx).pdf"
mkdir -p "$profile" && echo locked > "$profile/.lock"
${body}
`,
  );
  chmodSync(file, 0o755);
  return file;
}

/** A process that has ended (a zombie waiting for a parent that never reaps it counts as ended). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

const docx = (...paragraphs: string[]) => buildDocx('Проверка', paragraphs);

const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as PdfConversionError;
  }
  throw new Error('expected a rejection');
};

const hasTools =
  spawnSync('soffice', ['--version']).status === 0 && spawnSync('pdftotext', ['-v']).status === 0;

describe('PDF through LibreOffice', () => {
  // in CI (CI=true) LibreOffice and pdftotext must be there: .ci/run installs them, and this test fails without them
  it.skipIf(!hasTools && process.env.CI !== 'true')(
    'converts a DOCX with Russian text to a PDF whose text pdftotext reads back',
    async () => {
      const workDir = path.join(root, 'real');
      const pdf = createPdfConverter({ sofficePath: null, workDir });
      try {
        expect(await pdf.unavailableReason()).toBeNull();
        const first = await pdf.toPdf(
          docx('Извещение о проведении запроса котировок', 'Начальная цена: 1 250 000,00 ₽'),
          'Извещение.docx',
        );
        expect(looksLikePdf(first)).toBe(true);
        const file = path.join(root, 'real.pdf');
        writeFileSync(file, first);
        const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
        expect(text).toContain('Извещение о проведении запроса котировок');
        expect(text).toContain('Начальная цена');

        // the slot keeps its profile for the next conversion, unlocked
        const profile = path.join(workDir, 'slot-0', 'profile');
        expect(existsSync(path.join(profile, 'user'))).toBe(true);
        expect(existsSync(path.join(profile, '.lock'))).toBe(false);
        const second = await pdf.toPdf(docx('Проект договора'), 'Проект договора.docx');
        writeFileSync(file, second);
        expect(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })).toContain(
          'Проект договора',
        );

        // a ZIP that is no document: LibreOffice writes nothing, the error names the document
        const zip = new PizZip().file('readme.txt', 'не документ').generate({ type: 'nodebuffer' });
        const bad = await rejection(pdf.toPdf(zip, 'Техническое задание.docx'));
        expect(bad).toBeInstanceOf(PdfConversionError);
        expect(bad.reason).toBe('no_output');
        expect(bad.message).toBe(
          'Не удалось преобразовать «Техническое задание.docx» в PDF: LibreOffice не создал файл (документ повреждён или это не DOCX)',
        );
        expect(existsSync(path.join(profile, '.lock'))).toBe(false);
      } finally {
        await pdf.close();
      }
    },
    180_000,
  );

  it('without LibreOffice says PDF is unavailable and refuses with service_unavailable', async () => {
    const pdf = createPdfConverter({ sofficePath: path.join(root, 'no-such-soffice') });
    expect(await pdf.unavailableReason()).toBe(PDF_UNAVAILABLE);
    expect(await pdf.unavailableReason()).toBe(PDF_UNAVAILABLE);
    const e = await rejection(pdf.toPdf(docx('Текст'), 'Извещение.docx'));
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe('service_unavailable');
    expect(e.message).toBe(PDF_UNAVAILABLE);
    await pdf.close();
  });

  it('asks LibreOffice once whether it is there and keeps a positive answer', async () => {
    const probes = path.join(root, 'probes');
    const bin = path.join(root, 'soffice-probe.sh');
    writeFileSync(bin, `#!/bin/bash\necho probe >> "${probes}"\necho "LibreOffice 0.0 (fake)"\n`);
    chmodSync(bin, 0o755);
    const pdf = createPdfConverter({ sofficePath: bin });
    const answers = await Promise.all([pdf.unavailableReason(), pdf.unavailableReason()]);
    expect([...answers, await pdf.unavailableReason()]).toEqual([null, null, null]);
    expect(readFileSync(probes, 'utf8').trim().split('\n')).toHaveLength(1);
    await pdf.close();
  });

  it('a conversion over its time is killed with its children and the slot is not left locked', async () => {
    const pids = path.join(root, 'pids');
    const bin = fakeSoffice(`sleep 60 & echo $! >> "${pids}"; echo $$ >> "${pids}"; wait`);
    const workDir = path.join(root, 'slow');
    const pdf = createPdfConverter({ sofficePath: bin, timeoutMs: 3000, workDir });
    const started = Date.now();
    const e = await rejection(pdf.toPdf(docx('Текст'), 'Извещение.docx'));
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(e).toBeInstanceOf(PdfConversionError);
    expect(e.reason).toBe('timeout');
    expect(e.message).toBe('Не удалось преобразовать «Извещение.docx» в PDF: LibreOffice не успел за 3 с');
    const started2 = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(started2).toHaveLength(2);
    for (const pid of started2) expect(alive(pid), `process ${pid}`).toBe(false);
    // the killed conversion's profile (and its lock) is gone: the next run starts a fresh one
    expect(existsSync(path.join(workDir, 'slot-0', 'profile'))).toBe(false);
    await pdf.close();
  });

  it('N conversions at a time: never more run together, each slot with its own profile', async () => {
    const log = path.join(root, 'overlap.log');
    const bin = fakeSoffice(
      `echo "$(date +%s%N) 1 $profile" >> "${log}"; sleep 0.4; printf '${FAKE_PDF}' > "$out"
echo "$(date +%s%N) -1 $profile" >> "${log}"; rm -f "$profile/.lock"`,
    );
    const overlap = async (conversions: number) => {
      writeFileSync(log, '');
      const pdf = createPdfConverter({
        sofficePath: bin,
        conversions,
        workDir: path.join(root, `n${conversions}`),
      });
      const names = ['а', 'б', 'в', 'г', 'д'].map((n) => `Документ ${n}.docx`);
      const out = await Promise.all(names.map((n) => pdf.toPdf(docx(n), n)));
      await pdf.close();
      expect(out.every(looksLikePdf)).toBe(true);
      const events = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(' '))
        .map(([at, d, profile]) => ({ at: BigInt(at ?? 0), d: Number(d), profile: profile ?? '' }))
        .sort((a, b) => (a.at === b.at ? a.d - b.d : a.at < b.at ? -1 : 1));
      let now = 0;
      let max = 0;
      const busy = new Set<string>();
      for (const e of events) {
        now += e.d;
        max = Math.max(max, now);
        if (e.d > 0) {
          expect(busy.has(e.profile), 'a profile used by two conversions at once').toBe(false);
          busy.add(e.profile);
        } else busy.delete(e.profile);
      }
      return { max, profiles: new Set(events.map((e) => e.profile)).size };
    };
    expect(await overlap(1)).toEqual({ max: 1, profiles: 1 });
    expect(await overlap(2)).toEqual({ max: 2, profiles: 2 });
  });

  it.each([
    ['exit', 'exit 3', 'LibreOffice завершился с ошибкой (код 3)'],
    ['no_output', 'exit 0', 'LibreOffice не создал файл (документ повреждён или это не DOCX)'],
    ['bad_output', ': > "$out"', 'получен пустой или повреждённый файл PDF'],
    ['bad_output', 'echo "<html>" > "$out"', 'получен пустой или повреждённый файл PDF'],
  ])('a failed conversion (%s) names the document and unlocks the profile', async (reason, body, why) => {
    const workDir = path.join(root, `fail-${++scripts}`);
    const pdf = createPdfConverter({ sofficePath: fakeSoffice(body), workDir });
    const e = await rejection(pdf.toPdf(docx('Текст'), 'Проект договора.docx'));
    expect(e.reason).toBe(reason);
    expect(e.message).toBe(`Не удалось преобразовать «Проект договора.docx» в PDF: ${why}`);
    expect(existsSync(path.join(workDir, 'slot-0', 'profile', '.lock'))).toBe(false);
    await pdf.close();
  });

  it('bytes that are not a DOCX are refused before LibreOffice runs', async () => {
    const pdf = createPdfConverter({ sofficePath: fakeSoffice('exit 9') });
    const e = await rejection(pdf.toPdf(Buffer.from('просто текст'), 'Извещение.docx'));
    expect(e.reason).toBe('bad_input');
    expect(e.message).toBe('Не удалось преобразовать «Извещение.docx» в PDF: это не файл DOCX');
    await pdf.close();
  });

  it('close kills a running conversion and refuses new ones', async () => {
    const pdf = createPdfConverter({ sofficePath: fakeSoffice('sleep 60'), timeoutMs: 60_000 });
    const running = rejection(pdf.toPdf(docx('Текст'), 'Извещение.docx'));
    await new Promise((r) => setTimeout(r, 300));
    await pdf.close();
    expect((await running).reason).toBe('closed');
    expect((await rejection(pdf.toPdf(docx('Текст'), 'Извещение.docx'))).reason).toBe('closed');
  });

  it('PDF_CONVERSIONS and PDF_TIMEOUT_MS: one at a time and two minutes unless set', () => {
    expect(loadConfig({})).toMatchObject({ sofficePath: null, pdfConversions: 1, pdfTimeoutMs: 120_000 });
    expect(loadConfig({ PDF_CONVERSIONS: '3', PDF_TIMEOUT_MS: '60000' })).toMatchObject({
      pdfConversions: 3,
      pdfTimeoutMs: 60_000,
    });
    expect(() => loadConfig({ PDF_CONVERSIONS: '0' })).toThrow(ConfigError);
  });
});
