import { threadId } from 'node:worker_threads';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { closeParsePool } from '../../../kernel/parse-pool.js';
import { parseOffThread } from '../imports.parsers.js';
import { MINIMAL_DOC } from './bank.factories.js';
import { BankExchangeReader, parseBankExchange } from './bank-1c.parser.js';
import {
  BLOCK_BYTES,
  BlockLines,
  bankTextOf,
  decodeBankFile,
  decodedBankText,
  MAX_BANK_FILE_BYTES,
} from './bank-decode.js';

/** Parses a file through the text a worker thread hands back (bankTextOf → decodedBankText). */
function viaText(buf: Buffer, name: string) {
  const reader = new BankExchangeReader(decodedBankText(bankTextOf(decodeBankFile(buf))), name);
  while (reader.read(Number.POSITIVE_INFINITY));
  return reader.finish();
}

const outcome = (read: () => unknown) => {
  try {
    return { ok: read() };
  } catch (err) {
    return { error: (err as Error).message };
  }
};

describe('a statement decoded in the parse pool reads the same as one decoded here', () => {
  const utf8Line = Buffer.from('НазначениеПлатежа=дописано в UTF-8', 'utf8');
  const cases: [string, Buffer][] = [
    ['windows-1251, CRLF', iconv.encode(`${MINIMAL_DOC.join('\r\n')}\r\n`, 'win1251')],
    ['cp866, LF, no final LF', iconv.encode(MINIMAL_DOC.join('\n'), 'cp866')],
    ['CR only, empty lines', iconv.encode(`${MINIMAL_DOC.join('\r\r')}\r\r`, 'win1251')],
    ['stray CRs before CRLF', iconv.encode(`${MINIMAL_DOC.join('\r\r\n')}\r\n\r\n`, 'win1251')],
    [
      'a UTF-8 line inside a windows-1251 file',
      Buffer.concat([
        iconv.encode(`${MINIMAL_DOC.slice(0, 4).join('\r\n')}\r\n`, 'win1251'),
        utf8Line,
        iconv.encode(`\r\n${MINIMAL_DOC.slice(4).join('\r\n')}\r\n`, 'win1251'),
      ]),
    ],
    ['UTF-8', Buffer.from(`${MINIMAL_DOC.join('\r\n')}\r\n`, 'utf8')],
    [
      'cut short (the error names the same line)',
      iconv.encode(MINIMAL_DOC.slice(0, 6).join('\r\n'), 'win1251'),
    ],
  ];
  it.each(cases)('%s', (_, buf) => {
    expect(outcome(() => viaText(buf, 'f.txt'))).toEqual(outcome(() => parseBankExchange(buf, 'f.txt')));
  });

  it('a large statement is read in the parse pool into staging rows, never on the main thread', async () => {
    const lines = ['1CClientBankExchange', 'ВерсияФормата=1.03', 'Кодировка=Windows'];
    for (let i = 1; i <= 12_000; i++)
      lines.push(
        'СекцияДокумент=Платежное поручение',
        `Номер=${i}`,
        'Дата=11.01.2016',
        `Сумма=${i}.00`,
        'ПлательщикСчет=12312312312312312',
        'ПлательщикИНН=123123123123',
        'ПолучательСчет=40702810900000000099',
        'ПолучательИНН=7704123450',
        `НазначениеПлатежа=Оплата по счёту ${i}`,
        'КонецДокумента',
      );
    lines.push('КонецФайла');
    const data = iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1251');
    expect(data.length).toBeGreaterThan(1024 * 1024);
    const company = { accounts: ['12312312312312312'], inns: [] };
    try {
      const read = await parseOffThread('bank', data, { name: 'big.txt', ...company });
      expect(read.threadId).not.toBe(threadId);
      expect(read).toMatchObject({ documents: 12_000, outgoing: 12_000, incoming: 0 });
      const rows = Buffer.from(read.copy).toString('utf8').split('\n').slice(0, -1);
      expect(rows).toHaveLength(12_000);
      expect(rows[11_999].split('\t').slice(0, 7)).toEqual([
        '12000',
        'big.txt',
        '12000|2016-01-11|12000.00|12312312312312312|40702810900000000099',
        'Платежное поручение',
        '12000',
        '2016-01-11',
        '12000.00',
      ]);

      const broken = Buffer.concat([Buffer.from('not a statement'), data]);
      await expect(parseOffThread('bank', broken, { name: 'bad.txt', ...company })).rejects.toThrow(
        'файл «bad.txt»: Файл не является выгрузкой 1С (нет заголовка 1CClientBankExchange)',
      );
      // one line of 5 MB (a purpose) is read in the pool as well
      const longLine = Buffer.concat([
        data.subarray(0, data.indexOf(iconv.encode('НазначениеПлатежа', 'win1251'))),
        iconv.encode(
          `НазначениеПлатежа=${'x'.repeat(5 * 1024 * 1024)}\r\nКонецДокумента\r\nКонецФайла\r\n`,
          'win1251',
        ),
      ]);
      const long = await parseOffThread('bank', longLine, { name: 'long.txt', ...company });
      expect(long.threadId).not.toBe(threadId);
      expect(long).toMatchObject({ documents: 1, outgoing: 1 });
      // a file above the limit is refused with the limit named, before it is read
      const huge = Buffer.alloc(MAX_BANK_FILE_BYTES + 1, 0x41);
      await expect(parseOffThread('bank', huge, { name: 'huge.txt', ...company })).rejects.toThrow(
        `файл «huge.txt»: Файл слишком большой для выписки 1С (64 МБ, допускается не более ${MAX_BANK_FILE_BYTES / 1048576} МБ)`,
      );
    } finally {
      await closeParsePool();
    }
  });
});

const linesOf = (l: { next(): string | null }) => {
  const out: string[] = [];
  for (let line = l.next(); line !== null; line = l.next()) out.push(line);
  return out;
};

describe('a statement is decoded a block at a time as it is read', () => {
  it.each([
    ['CRLF', 'а=1\r\nбб=22\r\n\r\nввв=333\r\n'],
    ['LF, no final LF', 'а=1\nбб=22\n\nввв=333'],
    ['CR only', 'а=1\rбб=22\r\rввв=333\r'],
    ['stray CRs, empty lines at the end', 'а=1\r\r\nбб=22\r\n\r\n\r\n'],
  ])('cut into blocks of any size, the lines are those of the whole text (%s)', (_, text) => {
    const buf = iconv.encode(text, 'win1251');
    const separator = text.includes('\n') ? 0x0a : 0x0d;
    const decode = (b: Buffer) => iconv.decode(b, 'win1251');
    const whole = linesOf(new BlockLines(buf, separator, decode, buf.length + 1));
    for (let size = 1; size <= buf.length; size++) {
      expect(linesOf(new BlockLines(buf, separator, decode, size))).toEqual(whole);
    }
    const utf8 = Buffer.from(text, 'utf8');
    expect(linesOf(new BlockLines(utf8, separator, (b) => b.toString('utf8'), 3))).toEqual(whole);
  });

  it('a 3 MB windows-1251 statement: its first lines decode one block, not the file', () => {
    const lines = ['1CClientBankExchange', 'ВерсияФормата=1.03', 'Кодировка=Windows'];
    for (let i = 1; i <= 30_000; i++)
      lines.push(
        'СекцияДокумент=Платежное поручение',
        `Номер=${i}`,
        'НазначениеПлатежа=Оплата',
        'КонецДокумента',
      );
    lines.push('КонецФайла');
    const buf = iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1251');
    expect(buf.length).toBeGreaterThan(3 * BLOCK_BYTES);
    const decoded = decodeBankFile(buf);
    expect(decoded.lines).toBeInstanceOf(BlockLines);
    const blocks = decoded.lines as BlockLines;
    for (let n = 0; n < 100; n++) blocks.next();
    expect(blocks.decodedBytes).toBeLessThanOrEqual(BLOCK_BYTES + 100);
    expect(blocks.progress).toBeLessThan(0.1);
    const rest = linesOf(blocks);
    expect(rest.at(-1)).toBe('КонецФайла');
    expect(blocks.count).toBe(lines.length);
    expect(blocks.decodedBytes).toBe(buf.length);
    expect(blocks.progress).toBe(1);
  });
});
