import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/parse-error.js';
import { parseEisFile } from './eis.parser.js';

/** Repository root is /work/main; CI clones the repository with shared/ beside it. */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../../..');
const REAL = path.resolve(REPO_ROOT, '../shared/fixtures/real');
const EIS223 = path.join(REAL, 'eis223');
const EIS44 = path.join(REAL, 'eis44');

const parse = (xml: string | Buffer, name = 'test.xml') =>
  parseEisFile(typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml, name);

function thrown(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return e as ParseError;
  }
  throw new Error('no error thrown');
}

/** What each real file must give: document type, count, registration numbers. */
const EXPECTED: Record<string, [string, number, (string | null)[]]> = {
  'homyakin__contractCompleting_test.xml': ['eis223.performanceContract', 1, ['80105015580170000110003']],
  'homyakin__contract_Adygeya_Resp_20191217_000000_20191217_235959_daily_001.xml': [
    'eis223.contract',
    1,
    ['50105018196190002040001'],
  ],
  'homyakin__contract_Altayskii__krai_20191217_000000_20191217_235959_daily_001.xml': [
    'eis223.contract',
    1,
    ['52208008370190000010001'],
  ],
  'homyakin__contract_Severnaia_Osetiya_Alaniia_Resp_20150101_000000_20150131_235959_001.xml': [
    'eis223.contract',
    1,
    [null],
  ],
  'homyakin__contract_test2.xml': ['eis223.contract', 1, ['50105018196180000870001']],
  'homyakin__contract_without_xmlns.xml': ['eis223.contract', 1, ['50105018196180001160001']],
  'homyakin__purchasePlan_test.xml': ['eis223.purchasePlan', 1, ['2180316803']],
  'homyakin__purchaseNotice_test.xml': ['eis223.purchaseNotice', 1, ['31603913641']],
  'homyakin__purchaseNoticeZK_test.xml': ['eis223.purchaseNotice', 1, ['31200022868']],
  'khudim__purchaseProtocolPAEP_Tambovskaya_obl_20170217_000000_20170217_235959_daily_001.xml': [
    'eis223.purchaseProtocol',
    1,
    ['31704807799-01'],
  ],
  'khudim__purchaseProtocol_Krasnodarskii_krai_20170221_000000_20170221_235959_daily_001.xml': [
    'eis223.purchaseProtocol',
    1,
    ['31704712239-01'],
  ],
  'aksyuk__contractProcedure_2790000171516000234_78089252.xml': [
    'eis44.contractProcedure',
    1,
    ['27900001715160002340007'],
  ],
  'aksyuk__contractProcedure_2790102009017000001_77504411.xml': [
    'eis44.contractProcedure',
    1,
    ['27901020090170000010006'],
  ],
  'aksyuk__contractProcedure_3790541092017000001_77580302.xml': [
    'eis44.contractProcedure',
    1,
    ['37905410920170000010003'],
  ],
  'rummolprod999__contract_2510205003117000004_31762298.xml': ['eis44.contract', 1, ['2510205003117000004']],
  'rummolprod999__contract_3312100001816000003_25649142.xml': ['eis44.contract', 1, ['3312100001816000003']],
};

describe('parseEisFile: every real fixture', () => {
  it('finds the shared fixtures beside the repository', () => {
    expect(existsSync(path.join(REPO_ROOT, 'package.json'))).toBe(true);
    expect(existsSync(EIS223)).toBe(true);
    expect(existsSync(EIS44)).toBe(true);
  });

  const files = [
    ...readdirSync(EIS223).map((f) => path.join(EIS223, f)),
    ...readdirSync(EIS44).map((f) => path.join(EIS44, f)),
  ].filter((f) => f.endsWith('.xml'));

  it('covers every XML file of eis223/ and eis44/', () => {
    expect(files.map((f) => path.basename(f)).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files.map((f) => [path.basename(f), f]))('%s', (name, file) => {
    const [documentType, count, regNumbers] = EXPECTED[name];
    const docs = parseEisFile(readFileSync(file), name);
    expect(docs).toHaveLength(count);
    expect(docs.map((d) => d.documentType)).toEqual(Array(count).fill(documentType));
    expect(docs.map((d) => d.registrationNumber)).toEqual(regNumbers);
    expect(docs.every((d) => d.fileName === name && d.warnings.length === 0)).toBe(true);
  });
});

describe('parseEisFile: encodings', () => {
  it('reads a windows-1251 file by its declaration', () => {
    const utf8 = readFileSync(path.join(EIS223, 'homyakin__contract_test2.xml'), 'utf8').replace(
      'encoding="UTF-8"',
      'encoding="windows-1251"',
    );
    const [doc] = parse(iconv.encode(utf8, 'windows-1251'));
    expect(doc.kind === 'contract' && doc.subject).toBe('Сжиженный газ г. Адыгейск');
  });

  it('reads a UTF-8 file with BOM', () => {
    const body = readFileSync(path.join(EIS44, 'rummolprod999__contract_2510205003117000004_31762298.xml'));
    const [doc] = parse(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]));
    expect(doc.registrationNumber).toBe('2510205003117000004');
  });
});

describe('parseEisFile: broken input', () => {
  const contract = readFileSync(path.join(EIS223, 'homyakin__contract_test2.xml'), 'utf8');

  it('truncated XML names the line', () => {
    const cut = contract.slice(0, Math.floor(contract.length / 2));
    const e = thrown(() => parse(cut));
    expect(e.message).toMatch(/^Повреждённый XML/);
    expect(e.location).toMatch(/^строка \d+, позиция \d+$/);
  });

  it('refuses DOCTYPE with an external entity (XXE)', () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE contract [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<contract><header><guid>&xxe;</guid></header><body/></contract>`;
    expect(thrown(() => parse(xxe)).message).toContain('DOCTYPE или ENTITY');
  });

  it('refuses entity expansion (billion laughs)', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expect(thrown(() => parse(bomb)).message).toContain('DOCTYPE или ENTITY');
  });

  it('refuses a file that is not XML', () => {
    const bank = Buffer.from('1CClientBankExchange\r\nВерсияФормата=1.03\r\nКонецФайла\r\n', 'utf8');
    expect(thrown(() => parse(bank, 'kl_to_1c.txt')).message).toBe('Файл не является XML-документом');
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n', 'latin1');
    expect(thrown(() => parse(pdf, 'contract.pdf')).message).toBe('Файл не является XML-документом');
    expect(thrown(() => parse(Buffer.alloc(0), 'empty.xml')).message).toBe('Файл не является XML-документом');
  });

  it('names an unknown root element', () => {
    const e = thrown(() =>
      parse('<?xml version="1.0"?><ns9:complaint xmlns:ns9="urn:x"><body/></ns9:complaint>'),
    );
    expect(e.message).toBe('Неизвестный тип документа ЕИС: complaint');
    expect(thrown(() => parse('<Файл ИдФайл="ON_NSCHFDOPPR"/>')).message).toBe(
      'Неизвестный тип документа ЕИС: Файл',
    );
  });

  it('names an unknown 44-FZ document inside export', () => {
    const e = thrown(() =>
      parse(
        '<ns2:export xmlns:ns2="http://zakupki.gov.ru/oos/export/1"><ns2:contractCancel><regNum>1</regNum></ns2:contractCancel></ns2:export>',
      ),
    );
    expect(e.message).toBe('Неизвестный тип документа ЕИС: export/contractCancel');
    expect(thrown(() => parse('<export/>')).message).toBe('Неизвестный тип документа ЕИС: пустой export');
  });

  it('refuses a 223-FZ packet without body', () => {
    expect(thrown(() => parse('<contract><header><guid>x</guid></header></contract>')).message).toBe(
      'body: нет элемента body',
    );
  });
});
