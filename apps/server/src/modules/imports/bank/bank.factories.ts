import { readFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { parseBankExchange } from './bank-1c.parser.js';

/** Real 1CClientBankExchange files (provenance in shared/fixtures/real/SOURCES.md). */
export const FIXTURES = path.resolve(
  import.meta.dirname,
  '../../../../../../../shared/fixtures/real/1c-bank',
);

export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES, name));
}

export function parseFixture(name: string) {
  return parseBankExchange(fixture(name), name);
}

/** A small windows-1251 file from lines (CRLF by default). */
export function cp1251(lines: string[], eol = '\r\n'): Buffer {
  return iconv.encode(lines.join(eol) + eol, 'win1251');
}

/** A valid file with one payment order; tests break it line by line. */
export const MINIMAL_DOC = [
  '1CClientBankExchange',
  'ВерсияФормата=1.03',
  'Кодировка=Windows',
  'СекцияДокумент=Платежное поручение',
  'Номер=15',
  'Дата=05.03.2024',
  'Сумма=1200',
  'ПлательщикИНН=7707083893',
  'ПолучательИНН=7702070139',
  'КонецДокумента',
  'КонецФайла',
];
