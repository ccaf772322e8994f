import { randomBytes } from 'node:crypto';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/parse-error.js';
import { cp1251, fixture, MINIMAL_DOC, parseFixture } from './bank.factories.js';
import { type BankParseError, parseBankExchange, paymentNaturalKey } from './bank-1c.parser.js';
import { MAX_BANK_FILE_BYTES } from './bank-decode.js';

describe('parseBankExchange on constructed inputs', () => {
  it('a windows-1251 body with a UTF-8 last line', () => {
    const body = iconv.encode(`${MINIMAL_DOC.slice(0, -1).join('\r\n')}\r\n`, 'win1251');
    const s = parseBankExchange(Buffer.concat([body, Buffer.from('КонецФайла\n', 'utf8')]), 'm.txt');
    expect(s.header.mixedEncodingLines).toEqual([11]);
    expect(s.documents[0]).toMatchObject({ number: '15', amount: '1200.00', date: '2024-03-05' });
  });

  it('purpose from НазначениеПлатежа1..6 when НазначениеПлатежа is empty; BOM, LF only', () => {
    const lines = [...MINIMAL_DOC];
    lines.splice(
      9,
      0,
      'НазначениеПлатежа=',
      'НазначениеПлатежа1=Оплата по договору № 12/2024',
      'НазначениеПлатежа2= от 01.02.2024',
    );
    const buf = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`${lines.join('\n')}\n`, 'utf8'),
    ]);
    const d = parseBankExchange(buf, 'p.txt').documents[0];
    expect(d.purpose).toBe('Оплата по договору № 12/2024 от 01.02.2024');
  });

  it('documents are built as their sections close, with warnings and the first error in file order', () => {
    const section = (kind: string, number: string, extra: string[] = []) => [
      `СекцияДокумент=${kind}`,
      `Номер=${number}`,
      'Дата=05.03.2024',
      'Сумма=1200',
      ...extra,
      'КонецДокумента',
    ];
    const file = (sections: string[][], trailer: string[] = []) =>
      cp1251(['1CClientBankExchange', 'ВерсияФормата=1.03', ...sections.flat(), ...trailer, 'КонецФайла']);
    // the first document has no kind: it takes the only Документ= of the file, written after it
    const s = parseBankExchange(
      file(
        [section('', ''), section('Платежное поручение', '2'), section('Платежное поручение', '')],
        ['Документ=Платежное поручение'],
      ),
      'k.txt',
    );
    expect(s.documents.map((d) => [d.number, d.kind])).toEqual([
      ['', 'Платежное поручение'],
      ['2', 'Платежное поручение'],
      ['', 'Платежное поручение'],
    ]);
    expect(s.warnings).toEqual(['Документ в строке 3 без номера', 'Документ в строке 13 без номера']);
    // an untyped document without a sum before a typed one without a date: the first one is named
    const broken = file([
      section('', '1').filter((l) => !l.startsWith('Сумма')),
      section('Платежное поручение', '2').filter((l) => !l.startsWith('Дата')),
    ]);
    expect(() => parseBankExchange(broken, 'b.txt')).toThrow(/нет суммы/);
  });

  it('natural key is stable across encodings and leading zeros', () => {
    const win = parseFixture('kilylabs__one_day.txt').documents;
    const utf = parseFixture('kilylabs__one_day_utf8.txt').documents;
    expect(win.map(paymentNaturalKey)).toEqual(utf.map(paymentNaturalKey));
    expect(paymentNaturalKey(win[0])).toBe('697162|2016-01-11|83.23|12312312312312312|61304810100000000002');
    expect(new Set(win.map(paymentNaturalKey)).size).toBe(13);
    expect(paymentNaturalKey({ ...win[0], number: '000697162' })).toBe(paymentNaturalKey(win[0]));
  });
});

describe('parseBankExchange refuses broken files', () => {
  function errorOf(fn: () => unknown): ParseError {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(ParseError);
      return e as ParseError;
    }
    throw new Error('expected a ParseError');
  }

  it('a file without the 1CClientBankExchange header', () => {
    const e = errorOf(() => parseBankExchange(Buffer.from('Номер=1\nКонецФайла\n'), 'x.txt'));
    expect(e.message).toContain('Файл не является выгрузкой 1С (нет заголовка 1CClientBankExchange)');
  });

  it('50 MB of random bytes fail fast with a clear error', () => {
    const junk = randomBytes(50 * 1024 * 1024);
    const started = performance.now();
    const e = errorOf(() => parseBankExchange(junk, 'junk.bin'));
    expect(e.message).toContain('Файл не является выгрузкой 1С');
    // The same junk behind a valid first line is refused as binary.
    const withHeader = Buffer.concat([Buffer.from('1CClientBankExchange\r\n'), junk]);
    const e2 = errorOf(() => parseBankExchange(withHeader, 'junk.txt'));
    expect(e2.message).toContain('двоичные данные');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a file over the size limit', () => {
    const big = Buffer.alloc(MAX_BANK_FILE_BYTES + 1, 0x41);
    expect(errorOf(() => parseBankExchange(big, 'big.txt')).message).toContain('Файл слишком большой');
  });

  it('a bad amount names its line', () => {
    const lines = MINIMAL_DOC.map((l) => (l === 'Сумма=1200' ? 'Сумма=12,3,4' : l));
    const e = errorOf(() => parseBankExchange(cp1251(lines), 'x.txt'));
    expect(e.message).toBe('строка 7: некорректная сумма «12,3,4»');
    expect((e as BankParseError).line).toBe(7);
  });

  it('an amount longer than the numeric(18,2) column holds is refused naming the document and line', () => {
    const huge = '9'.repeat(400);
    const lines = MINIMAL_DOC.map((l) => (l === 'Сумма=1200' ? `Сумма=${huge}` : l));
    const e = errorOf(() => parseBankExchange(cp1251(lines), 'x.txt'));
    expect(e).toBeInstanceOf(ParseError);
    expect(e.message).toBe(
      `строка 7: сумма документа № 15 от 05.03.2024 «${'9'.repeat(40)}… (400 знаков)» слишком велика (не более 16 цифр до запятой)`,
    );
    const largest = MINIMAL_DOC.map((l) => (l === 'Сумма=1200' ? `Сумма=${'9'.repeat(16)}.99` : l));
    expect(parseBankExchange(cp1251(largest), 'x.txt').documents[0].amount).toBe(`${'9'.repeat(16)}.99`);
  });

  it('a bad date names its line', () => {
    const lines = MINIMAL_DOC.map((l) => (l === 'Дата=05.03.2024' ? 'Дата=31.02.2024' : l));
    expect(errorOf(() => parseBankExchange(cp1251(lines), 'x.txt')).message).toBe(
      'строка 6: некорректная дата «31.02.2024»',
    );
    const iso = MINIMAL_DOC.map((l) => (l === 'Дата=05.03.2024' ? 'Дата=2024-03-05' : l));
    expect(errorOf(() => parseBankExchange(cp1251(iso), 'x.txt')).message).toContain(
      'строка 6: некорректная дата',
    );
  });

  it('a document without an amount', () => {
    const lines = MINIMAL_DOC.filter((l) => !l.startsWith('Сумма='));
    expect(errorOf(() => parseBankExchange(cp1251(lines), 'x.txt')).message).toBe(
      'строка 4: в документе нет суммы (Сумма)',
    );
  });

  it('a section that is not closed before the next one', () => {
    const lines = MINIMAL_DOC.filter((l) => l !== 'КонецДокумента');
    lines.splice(-1, 0, 'СекцияДокумент=Платежное поручение', 'КонецДокумента');
    expect(errorOf(() => parseBankExchange(cp1251(lines), 'x.txt')).message).toBe(
      'строка 10: секция СекцияДокумент, начатая в строке 4, не закрыта (нет КонецДокумента)',
    );
  });

  it('a section still open at КонецФайла', () => {
    const lines = MINIMAL_DOC.filter((l) => l !== 'КонецДокумента');
    expect(errorOf(() => parseBankExchange(cp1251(lines), 'x.txt')).message).toBe(
      'строка 10: секция СекцияДокумент, начатая в строке 4, не закрыта (нет КонецДокумента)',
    );
  });

  it('a truncated real file: section open at the end, or no КонецФайла', () => {
    const text = fixture('kilylabs__one_day_utf8.txt').toString('utf8').split('\r\n');
    const cutInDocument = Buffer.from(text.slice(0, 100).join('\r\n'), 'utf8');
    expect(errorOf(() => parseBankExchange(cutInDocument, 'x.txt')).message).toBe(
      'строка 82: секция СекцияДокумент не закрыта (нет КонецДокумента до конца файла)',
    );
    const withoutEnd = Buffer.from(text.slice(0, 422).join('\r\n'), 'utf8');
    expect(errorOf(() => parseBankExchange(withoutEnd, 'x.txt')).message).toBe(
      'строка 422: файл оборван: нет строки КонецФайла',
    );
  });

  it('an end marker without its section', () => {
    const lines = [...MINIMAL_DOC];
    lines.splice(3, 0, 'КонецРасчСчет');
    expect(errorOf(() => parseBankExchange(cp1251(lines), 'x.txt')).message).toBe(
      'строка 4: КонецРасчСчет без открытой секции СекцияРасчСчет',
    );
  });
});

describe('parseBankExchange tolerates', () => {
  it('a DOS end-of-file mark (Ctrl+Z) after КонецФайла and CR-only line ends', () => {
    const dosEnd = Buffer.concat([cp1251(MINIMAL_DOC), Buffer.from([0x1a])]);
    expect(parseBankExchange(dosEnd, 'x.txt').warnings).toEqual([]);
    const glued = Buffer.concat([cp1251(MINIMAL_DOC).subarray(0, -2), Buffer.from([0x1a])]);
    expect(parseBankExchange(glued, 'x.txt').documents).toHaveLength(1);
    const crOnly = parseBankExchange(cp1251(MINIMAL_DOC, '\r'), 'x.txt');
    expect(crOnly.documents[0]).toMatchObject({ number: '15', lineNo: 4 });
  });

  it('a purpose broken over two lines, stray lines and text after КонецФайла', () => {
    const lines = [...MINIMAL_DOC];
    lines.splice(9, 0, 'НазначениеПлатежа=Оплата по договору № 12/2024', 'от 01.02.2024 за поставку');
    lines.splice(3, 0, 'какой-то мусор');
    lines.push('', 'после конца');
    const s = parseBankExchange(cp1251(lines, '\n'), 'x.txt');
    expect(s.documents[0].purpose).toBe('Оплата по договору № 12/2024 от 01.02.2024 за поставку');
    expect(s.warnings).toEqual([
      'Строка 4 не похожа на «ключ=значение» и пропущена: «какой-то мусор»',
      'Строка 12 без «=» присоединена к значению НазначениеПлатежа из предыдущей строки',
      'Текст после строки КонецФайла (начиная со строки 16) пропущен',
    ]);
  });

  it('but not a text file of garbage behind a valid first line', () => {
    const garbage = Array.from({ length: 5000 }, (_, i) => `строка мусора ${i}`);
    const buf = cp1251(['1CClientBankExchange', ...garbage]);
    expect(() => parseBankExchange(buf, 'x.txt')).toThrow(
      'строка 102: слишком много строк не в формате «ключ=значение»: файл повреждён или не является выпиской 1С',
    );
  });
});

describe('a KOI8-R statement', () => {
  it('is read as KOI8-R (not called truncated), with a warning about the encoding', () => {
    const text = `${MINIMAL_DOC.join('\r\n')}\r\n`;
    const parsed = parseBankExchange(iconv.encode(text, 'koi8-r'), 'koi8.txt');
    expect(parsed.header.encodingDetected).toBe('koi8-r');
    expect(parsed.documents).toHaveLength(1);
    expect(parsed.documents[0].kind).toBe('Платежное поручение');
  });
});
