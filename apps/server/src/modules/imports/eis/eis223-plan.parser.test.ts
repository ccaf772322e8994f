import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EisPlan } from '../../../kernel/eis/eis.types.js';
import { parseEisFile } from './eis.parser.js';

const EIS223 = path.resolve(import.meta.dirname, '../../../../../..', '../shared/fixtures/real/eis223');
const FILE = 'homyakin__purchasePlan_test.xml';
const buf = readFileSync(path.join(EIS223, FILE));

function parsePlan(input: Buffer): EisPlan {
  const docs = parseEisFile(input, FILE);
  expect(docs).toHaveLength(1);
  expect(docs[0].kind).toBe('plan');
  return docs[0] as EisPlan;
}

describe('223-FZ purchasePlan (1.7 MB, 229 positions)', () => {
  let plan: EisPlan;
  // its speed is measured by `npm run bench eis-plans` (a 20 000-position plan), not timed here
  beforeAll(() => {
    plan = parsePlan(buf);
  });

  it('reads the plan header', () => {
    expect(plan).toMatchObject({
      source: '223',
      documentType: 'eis223.purchasePlan',
      schemaVersion: 'TFF-9.3',
      guid: '6b46be5d-133d-42e6-b163-f86b70f63f67',
      registrationNumber: '2180316803',
      version: 63,
      planType: 'COMMODITY',
      startDate: '2019-01-01',
      endDate: '2019-12-31',
      approveDate: '2019-12-30',
      createDateTime: '2019-12-30T18:21:16.000Z',
      publicationDate: '2019-12-30T18:23:10.000Z',
      url: 'https://lk.zakupki.gov.ru/223/plan/private/plan/info/common-info.html?planInfoId=3829153',
      annualVolume: '409901014.60',
      volumeSmb: '94518312.04',
      warnings: [],
    });
    expect(plan.customer).toMatchObject({
      fullName: 'АКЦИОНЕРНОЕ ОБЩЕСТВО "МОСКАПСТРОЙ"',
      inn: '7710043065',
      kpp: '770401001',
      ogrn: '1027700060486',
    });
  });

  it('reads all 229 purchasePlanItem entries: 209 positions, 20 of them repeated in the SME section', () => {
    const entries = buf.toString('utf8').match(/<ns2:purchasePlanItem>/g) ?? [];
    expect(entries).toHaveLength(229);
    expect(plan.items).toHaveLength(209);
    expect(new Set(plan.items.map((i) => i.guid)).size).toBe(209);
    expect(plan.items.filter((i) => i.isSmeOnly)).toHaveLength(20);
    expect(plan.items.every((i) => i.guid && i.ordinalNumber !== null && i.currency === 'RUB')).toBe(true);
    const rows = plan.items.flatMap((i) => i.rows);
    expect(rows).toHaveLength(391);
    expect(rows.filter((r) => r.qty !== null)).toHaveLength(310);
  });

  it('keeps positions whose numbers repeat (long-term positions carried over from 2018)', () => {
    const numbered126 = plan.items.filter((i) => i.ordinalNumber === 126);
    expect(numbered126.map((i) => [i.purchasePeriodYear, i.maximumContractPrice])).toEqual([
      [2019, '3061553.42'],
      [2018, '4768410.21'],
    ]);
  });

  it('reads the first position completely (also listed in the SME section)', () => {
    expect(plan.items[0]).toMatchObject({
      guid: '0edbb9f0-5be2-478f-a971-9b78878a40d0',
      ordinalNumber: 1,
      contractSubject: 'Поставка питьевой воды',
      status: 'P',
      maximumContractPrice: '290000.00',
      currency: 'RUB',
      purchasePeriodYear: 2019,
      purchasePeriodQuarter: 1,
      purchasePeriodMonth: 1,
      purchasePlannedDate: null,
      contractEndDate: '2019-12-01',
      purchaseMethodCode: '3363',
      purchaseMethodName: 'Закупка у единственного поставщика (подрядчика, исполнителя) (до 01.07.18)',
      isElectronic: false,
      // Repeated in purchasePlanItemsSMB.
      isSmeOnly: true,
      isInnovation: false,
      isLongTerm: false,
      rows: [
        {
          ordinalNumber: 1,
          okpd2Code: '11.07.11.121',
          okpd2Name: 'Воды питьевые негазированные, расфасованные в емкости',
          okved2Code: '11.07',
          okved2Name:
            'Производство безалкогольных напитков; производство минеральных вод и прочих питьевых вод в бутылках',
          okeiCode: '796',
          okeiName: 'Штука',
          qty: '1200',
        },
      ],
    });
  });

  it('reads the last SME-section position and its 40th row', () => {
    const last = plan.items.find((i) => i.guid === '28bae3a8-685b-47e7-b037-bf1532f9ef3e');
    if (!last) throw new Error('position not found');
    expect(last).toMatchObject({
      ordinalNumber: 166,
      contractSubject: 'Поставка картриджей для нужд АО "Москапстрой"',
      maximumContractPrice: '2623744.90',
      purchasePeriodYear: 2019,
      purchasePeriodMonth: 11,
      purchaseMethodCode: '200609',
      isElectronic: true,
      isSmeOnly: true,
      isLongTerm: true,
    });
    expect(last.purchaseMethodName).toContain('только субъекты малого и среднего предпринимательства');
    expect(last.rows).toHaveLength(40);
    expect(last.rows[39]).toMatchObject({
      ordinalNumber: 40,
      okpd2Code: '26.20.40.120',
      okeiCode: '796',
      qty: '15',
    });
  });

  it('reads the fields of item 2 of the plans issue: header flags, customer, long-term volumes, carried-over data', () => {
    expect(plan).toMatchObject({
      status: null,
      reportingYear: 2019,
      percentSmb: '23.06',
      excludeVolume: '0.00',
      flags: { isDigitForm: false, summSizeCh15: false, isImportedFromVSRZ: true, useNewClassifiers: true },
    });
    expect(plan.items[0]).toMatchObject({
      region: 'Москва',
      okato: '45000000000',
      isExcludedFromSme: false,
      innovationEquivalent: false,
      customer: { inn: '7710043065', kpp: '770401001' },
      rows: [{ qtyUndefined: false }],
    });
    const carried = plan.items.find((i) => i.ordinalNumber === 126 && i.purchasePeriodYear === 2018);
    expect(carried?.initialPlanGuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(carried?.initialPositionGuid).toMatch(/^[0-9a-f-]{36}$/);
    const longTerm = plan.items.find((i) => i.longTermVolumes);
    expect(longTerm?.longTermVolumes?.details.map((d) => d.year)).toEqual([2018, 2019, 2020]);
    expect(longTerm?.longTermSmeVolumes?.currency).toBe('RUB');
  });

  it('reads a cancellation reason and change flags of a position', () => {
    const text = buf
      .toString('utf8')
      .replace(
        '<ns2:status>P</ns2:status>',
        '<ns2:status>A</ns2:status><ns2:changedGWSAndDates>true</ns2:changedGWSAndDates><ns2:cancellationReason>INVALID</ns2:cancellationReason>',
      );
    expect(parsePlan(Buffer.from(text, 'utf8')).items[0]).toMatchObject({
      status: 'A',
      cancellationReason: 'INVALID',
      changedGoodsAndDates: true,
    });
  });

  it('adds an SME-section position that the main list lacks', () => {
    const text = buf.toString('utf8');
    const smb = text.indexOf('<ns2:purchasePlanItemsSMB>');
    const edited =
      text.slice(0, smb) +
      text.slice(smb).replace('28bae3a8-685b-47e7-b037-bf1532f9ef3e', '00000000-0000-4000-8000-000000000001');
    const p = parsePlan(Buffer.from(edited, 'utf8'));
    expect(p.items).toHaveLength(210);
    expect(p.items[209]).toMatchObject({ guid: '00000000-0000-4000-8000-000000000001', isSmeOnly: true });
    expect(p.items.find((i) => i.guid === '28bae3a8-685b-47e7-b037-bf1532f9ef3e')?.isSmeOnly).toBe(false);
  });

  it('names the position that has neither guid nor ordinal number', () => {
    const text = buf
      .toString('utf8')
      .replace(
        '<ns2:guid>0edbb9f0-5be2-478f-a971-9b78878a40d0</ns2:guid>\n                        <ns2:ordinalNumber>1</ns2:ordinalNumber>',
        '',
      );
    expect(() => parsePlan(Buffer.from(text, 'utf8'))).toThrow(
      'body/item[1]/purchasePlanData/purchasePlanItems/purchasePlanItem[1]: нет guid и ordinalNumber',
    );
  });

  it('names a malformed planned month', () => {
    const text = buf
      .toString('utf8')
      .replace(
        '<ns2:purchasePeriodMonth>1</ns2:purchasePeriodMonth>',
        '<ns2:purchasePeriodMonth>янв</ns2:purchasePeriodMonth>',
      );
    expect(() => parsePlan(Buffer.from(text, 'utf8'))).toThrow(
      'body/item[1]/purchasePlanData/purchasePlanItems/purchasePlanItem[1]/purchasePeriodMonth: неверное целое число «янв»',
    );
  });
});
