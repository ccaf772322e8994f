import { describe, expect, it } from 'vitest';
import { cleanFileName, FILE_NAME_MAX } from './file-name.js';

describe('cleanFileName', () => {
  it.each([
    ['Выписка.txt', 'Выписка.txt'],
    ['plan\u0000.xml', 'plan.xml'],
    ['счёт\u202Efdp.exe', 'счётfdp.exe'],
    ['a\u2066b\u2069c\u200F.docx', 'abc.docx'],
    ['line\r\nbreak\t.xlsx', 'linebreak.xlsx'],
    ['..\\..\\etc/passwd', '.._.._etc_passwd'],
    ['  два   пробела .pdf ', 'два пробела .pdf'],
    ['\u0000\u202E', 'file'],
    ['..', 'file'],
    [undefined, 'file'],
  ])('%j → %j', (name, expected) => {
    expect(cleanFileName(name)).toBe(expected);
  });

  it('cuts a 10 000-character name to the limit, keeping the extension', () => {
    const name = cleanFileName(`${'я'.repeat(10_000)}.xml`);
    expect([...name].length).toBe(FILE_NAME_MAX);
    expect(name.endsWith('я.xml')).toBe(true);
  });
});
