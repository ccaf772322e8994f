import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ParseError } from './parse-error.js';
import { decodeXml, parseXml } from './xml.js';

const XML = '<?xml version="1.0" encoding="UTF-8"?><Файл Ид="1"/>';

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a refusal');
}

describe('decodeXml refuses odd bytes with a named reason', () => {
  it('a UTF-32 file, with or without a BOM, in either byte order', () => {
    const le = iconv.encode(XML, 'utf-32le');
    const be = iconv.encode(XML, 'utf-32be');
    const bomLe = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), le]);
    const bomBe = Buffer.concat([Buffer.from([0, 0, 0xfe, 0xff]), be]);
    for (const buf of [le, be, bomLe, bomBe]) {
      const e = errorOf(() => decodeXml(buf));
      expect(e).toBeInstanceOf(ParseError);
      expect(e.message).toMatch(/^Файл в кодировке UTF-32 не поддерживается/);
    }
  });

  it('a NUL byte inside an element name, naming its position', () => {
    const buf = Buffer.from('<?xml version="1.0"?><Фа\u0000йл/>', 'utf8');
    const e = errorOf(() => decodeXml(buf));
    expect(e).toBeInstanceOf(ParseError);
    expect(e.message).toMatch(/^В файле есть нулевой байт \(позиция 25\)/);
    expect(e.message).not.toContain('\u0000');
  });

  it('UTF-16 still decodes (its zero bytes are not NUL characters)', () => {
    const buf = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(XML, 'utf-16le')]);
    expect(parseXml(decodeXml(buf))).toEqual({ Файл: { '@Ид': '1' } });
    expect(parseXml(decodeXml(iconv.encode(XML, 'utf-16le')))).toEqual({ Файл: { '@Ид': '1' } });
  });
});
