import { exportRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import type { EisContract } from '../../kernel/eis/eis.types.js';
import { parseEisFile } from '../imports/eis/eis.parser.js';
import { validateEis223 } from './eis-validate.js';
import { createContract2024, download, runExport } from './exports.factories.js';
import { classifyMethod, EIS_CODE_OF_METHOD } from './procurement-method.js';

describe('EIS purchase type of a catalogue method', () => {
  it.each([
    ['e_tender', 'Конкурс в электронной форме', '11011'],
    ['closed_auction', 'Закрытый аукцион', '12012'],
    ['e_quotation_sme', 'Запрос котировок в электронной форме', '40000'],
    ['negotiations', 'Конкурентные переговоры', '40000'],
    ['single_supplier', 'Закупка у единственного поставщика', '30000'],
    ['30000', 'Закупка у единственного поставщика (подрядчика, исполнителя)', '30000'],
    [null, 'Открытый конкурс', '11011'],
    [null, null, '40000'],
  ])('%s «%s» -> %s', (code, name, eis) => {
    expect(classifyMethod(code, name).eisCode).toBe(eis);
  });

  it('names every seeded method of the catalogue', () => {
    expect(Object.keys(EIS_CODE_OF_METHOD)).toHaveLength(17);
  });
});

const t = testAppForFile();
let token: string;
let company: number;

beforeAll(async () => {
  token = await t.login('client');
  company = t.ids.companies.client1;
});
async function methodId(code: string): Promise<number> {
  const [row] = await t.db.database.query<{ id: number }>(
    "select id from catalog_entries where kind = 'method' and code = $1 and company_id is null",
    [code],
  );
  return row.id;
}

describe('the contract information carries the chosen method’s EIS code', () => {
  it.each([
    ['e_tender', '11011', 'Конкурс в электронной форме', true],
    ['single_supplier', '30000', 'Закупка у единственного поставщика (исполнителя, подрядчика)', false],
    ['e_quotation', '40000', 'Запрос котировок в электронной форме', true],
  ])('%s -> purchaseTypeInfo %s, valid against contract.xsd', async (code, eis, name, electronic) => {
    const c = await createContract2024(t, token, company, {
      number: `М/${code}`,
      procurement_method_code: null,
      procurement_method_name: null,
      procurement_method_id: await methodId(code),
      price_method_id: null,
    });
    const report = await runExport(t, token, exportRoutes.eisContract, { company_id: company, id: c.id }, {});
    expect(report.status).toBe('done');
    expect(report.warnings.join(' ')).not.toContain('Способ закупки');
    const file = await download(t, token, `/api/files/${report.file_id}`);
    const xml = file.body.toString('utf8');
    expect(await validateEis223(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain(`digitalPurchase>${electronic}</`);
    const [rec] = parseEisFile(file.body, 'export.xml') as EisContract[];
    expect(rec.purchase).toMatchObject({ methodCode: eis, methodName: name });
  });
});

describe('a method known by its EIS name only is classified by law from the flags the name gives', () => {
  it.each([
    ['Закупка у единственного поставщика', 'single', null, false, 'direct', '30000'],
    [
      'Аукцион в электронной форме, участниками которого могут являться только субъекты малого и среднего предпринимательства',
      'competitive',
      true,
      true,
      'open',
      '12012',
    ],
    ['Закрытый конкурс', 'competitive', null, false, 'limited', '11011'],
    ['Квалификационный отбор', 'competitive', null, false, 'selective', '40000'],
    ['Запрос котировок в электронной форме', 'competitive', true, false, 'open', '40000'],
    ['Иной способ', null, null, null, null, '40000'],
  ])('«%s»', (name, kind, electronic, smeOnly, ocds, eis) => {
    expect(classifyMethod(null, name)).toMatchObject({ kind, electronic, smeOnly, ocds, eisCode: eis });
  });

  it('a catalogue entry wins over its title: flags decide, not words', () => {
    const entry = {
      code: 'own_1',
      title: 'Конкурс',
      extra: { form: 'single_supplier', competitive: false, electronic: false },
    };
    expect(classifyMethod(null, null, entry)).toMatchObject({
      kind: 'single',
      eisCode: '30000',
      ocds: 'direct',
    });
  });
});
