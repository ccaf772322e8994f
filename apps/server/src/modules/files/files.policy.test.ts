import { describe, expect, it } from 'vitest';
import { contentDisposition, mayReadFile, mayShowInline, typeTitle, uploadType } from './files.policy.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('typeTitle', () => {
  it.each([
    ['application/pdf', 'Положение.pdf', 'Документ PDF'],
    ['application/pdf; charset=binary', 'x.pdf', 'Документ PDF'],
    [DOCX, 'Извещение.docx', 'Документ Word (DOCX)'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'r.xlsx', 'Книга Excel (XLSX)'],
    ['application/xml', 'upd.xml', 'Документ XML'],
    ['text/xml', 'upd.xml', 'Документ XML'],
    ['application/json', 'ocds.json', 'Данные JSON'],
    ['text/plain', 'kl_to_1c.txt', 'Текстовый файл'],
    ['application/octet-stream', 'архив.ZIP', 'Архив ZIP'],
    ['application/octet-stream', 'данные.bin', 'Файл BIN'],
    ['application/octet-stream', 'без расширения', 'Файл'],
  ])('%s %s → %s', (mime, name, title) => {
    expect(typeTitle(mime, name)).toBe(title);
  });
});

describe('mayShowInline', () => {
  it.each([
    ['application/pdf', true],
    ['Application/PDF; charset=binary', true],
    ['text/html', false],
    ['image/svg+xml', false],
    ['application/xml', false],
    [DOCX, false],
  ])('%s → %s', (mime, inline) => {
    expect(mayShowInline(mime)).toBe(inline);
  });
});

describe('mayReadFile', () => {
  const client = { userId: 5, role: 'client' as const };
  const admin = { userId: 1, role: 'admin' as const };
  it.each([
    ['a company file of a company the actor acts for', client, { companyId: 2, userId: 9 }, [2], true],
    ['a company file of another company', client, { companyId: 3, userId: 5 }, [2], false],
    ['a company file for an admin (every company)', admin, { companyId: 3, userId: 9 }, null, true],
    ['a personal file of the actor', client, { companyId: null, userId: 5 }, [2], true],
    ['a personal file of another user', client, { companyId: null, userId: 9 }, [2], false],
    ['a personal file of another user, for an admin', admin, { companyId: null, userId: 9 }, null, true],
    ['a system file (no company, no user)', client, { companyId: null, userId: null }, [2], false],
  ] as const)('%s', (_what, actor, file, companyIds, may) => {
    expect(mayReadFile(actor, file, companyIds === null ? null : [...companyIds])).toBe(may);
  });
});

describe('contentDisposition', () => {
  it("keeps a Russian name in filename* (RFC 5987, with ( ) ' * encoded) and an ASCII fallback", () => {
    const name = "Положение (ред. 2) д'Артаньяна*.pdf";
    const header = contentDisposition(name);
    expect(header).toBe(
      `attachment; filename="_________ (___. 2) _'_________*.pdf"; filename*=UTF-8''` +
        '%D0%9F%D0%BE%D0%BB%D0%BE%D0%B6%D0%B5%D0%BD%D0%B8%D0%B5%20%28%D1%80%D0%B5%D0%B4.%202%29%20' +
        '%D0%B4%27%D0%90%D1%80%D1%82%D0%B0%D0%BD%D1%8C%D1%8F%D0%BD%D0%B0%2A.pdf',
    );
    const star = /filename\*=UTF-8''([^;]+)$/.exec(header)![1];
    expect(star).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(decodeURIComponent(star)).toBe(name);
  });

  it('inline for a PDF shown in the page; quotes and backslashes never break the header', () => {
    expect(contentDisposition('a"b\\c.pdf', 'inline')).toBe(
      `inline; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    );
  });
});

describe('uploadType', () => {
  const pdf = Buffer.from('%PDF-1.7\n');
  it('takes the type from an allowed extension whose content starts as it should', () => {
    expect(uploadType('Положение.PDF', pdf, ['pdf', 'docx'])).toEqual({ mime: 'application/pdf' });
    expect(uploadType('скан.png', Buffer.from('\u0089PNG\r\n', 'latin1'), ['png'])).toEqual({
      mime: 'image/png',
    });
  });
  it('names what is wrong: an extension not allowed, or content that is not what the name says', () => {
    expect(uploadType('setup.exe', pdf, ['pdf'])).toEqual({ wrong: 'type', ext: 'exe' });
    expect(uploadType('scan.png', pdf, ['pdf'])).toEqual({ wrong: 'type', ext: 'png' });
    expect(uploadType('pdf', pdf, ['pdf'])).toEqual({ wrong: 'type', ext: '' });
    expect(uploadType('КП.docx', pdf, ['docx'])).toEqual({ wrong: 'content', ext: 'docx' });
  });
});
