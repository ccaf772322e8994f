import type { FieldValue } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import {
  BLANK,
  checkValue,
  codesOfTags,
  conditionHolds,
  documentState,
  formatsOf,
  outputFileName,
  templateData,
  valuesHash,
} from './procurement-documents.policy.js';
import { type FieldDef, fieldDefs } from './procurement-fields.policy.js';

const facts = { applicationSecurity: null, contractSecurity: '0.00', smeOnly: false, lotsCount: 1 };

describe('conditionHolds', () => {
  it.each([
    [null, facts, true],
    ['application_security', facts, false],
    ['application_security', { ...facts, applicationSecurity: '0.01' }, true],
    ['contract_security', facts, false],
    ['contract_security', { ...facts, contractSecurity: '5000.00' }, true],
    ['sme_only', facts, false],
    ['sme_only', { ...facts, smeOnly: true }, true],
    ['not_sme_only', facts, true],
    ['not_sme_only', { ...facts, smeOnly: true }, false],
    ['has_lots', facts, false],
    ['has_lots', { ...facts, lotsCount: 2 }, true],
  ] as const)('%s %o → %s', (condition, f, expected) => {
    expect(conditionHolds(condition, f)).toBe(expected);
  });
});

describe('documentState', () => {
  const base = { hasTemplate: true, missingRequired: 0, latest: null, currentHash: 'h' };
  it.each([
    ['no template', { ...base, hasTemplate: false }, 'no_template'],
    ['nothing yet', base, 'ready'],
    ['required missing', { ...base, missingRequired: 2 }, 'not_filled'],
    ['built from these values', { ...base, latest: { valuesHash: 'h', docxFileId: 1 } }, 'generated'],
    [
      'built with missing values, unchanged since (never passes as generated)',
      { ...base, missingRequired: 1, latest: { valuesHash: 'h', docxFileId: 1 } },
      'not_filled',
    ],
    ['values changed since', { ...base, latest: { valuesHash: 'old', docxFileId: 1 } }, 'outdated'],
    [
      'values changed and a required one emptied',
      { ...base, missingRequired: 1, latest: { valuesHash: 'old', docxFileId: 1 } },
      'not_filled',
    ],
    ['the template failed', { ...base, latest: { valuesHash: 'h', docxFileId: null } }, 'failed'],
  ] as const)('%s', (_name, d, expected) => {
    expect(documentState(d)).toBe(expected);
  });
});

const field = (type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({
  code: 'f',
  title: 'Поле',
  type,
  required: false,
  options: [],
  catalog: null,
  source: 'user',
  editable: true,
  hint: null,
  ...extra,
});

describe('checkValue', () => {
  it.each([
    ['text', 'Москва', { value: 'Москва' }],
    ['number', '12,5', { value: '12.5' }],
    ['number', 'двенадцать', { error: 'Поле «Поле»: введите число' }],
    ['money', '1 234 567,8', { value: '1234567.80' }],
    ['money', '100 ₽', { value: '100.00' }],
    ['money', '-5', { error: 'Поле «Поле»: введите сумму в рублях (не больше двух знаков после запятой)' }],
    [
      'money',
      '1.234',
      { error: 'Поле «Поле»: введите сумму в рублях (не больше двух знаков после запятой)' },
    ],
    ['date', '2026-03-15', { value: '2026-03-15' }],
    ['date', '15.03.2026', { value: '2026-03-15' }],
    ['date', '2026-02-30', { error: 'Поле «Поле»: введите дату (ДД.ММ.ГГГГ)' }],
    ['date', 'завтра', { error: 'Поле «Поле»: введите дату (ДД.ММ.ГГГГ)' }],
    ['text', '', { value: '' }],
  ] as const)('%s %s', (type, raw, expected) => {
    expect(checkValue(field(type), raw)).toEqual(expected);
  });

  it('a select takes one of its options', () => {
    const f = field('select', { options: ['Да', 'Нет'] });
    expect(checkValue(f, 'Да')).toEqual({ value: 'Да' });
    expect(checkValue(f, 'Может быть')).toEqual({ error: 'Поле «Поле»: выберите одно из значений: Да, Нет' });
  });

  it('null clears; a table or a field filled by the system is refused', () => {
    expect(checkValue(field('money'), null)).toEqual({ value: null });
    expect(checkValue(field('text'), [{ a: 'b' }])).toEqual({
      error: 'Поле «Поле»: ожидается значение, а не таблица',
    });
    expect('error' in checkValue(field('text', { editable: false, source: 'procurement' }), 'x')).toBe(true);
  });
});

describe('fields', () => {
  it('fold loop columns into their table, older names into their system field, and keep unknown tags as text fields', () => {
    const codes = codesOfTags([
      'items',
      'item.name',
      'lots',
      'lot.subject',
      'delivery_place',
      'company.inn',
      'application_deadline',
      'procurement.bids_deadline',
      'old_field',
    ]);
    expect(codes).toEqual([
      'items',
      'lots',
      'delivery_place',
      'company.inn',
      'procurement.bids_deadline',
      'old_field',
    ]);
    const defs = fieldDefs(codes, [
      { code: 'delivery_place', title: 'Место поставки', type: 'text', options: [], required: true },
      { code: 'unused', title: 'Не используется', type: 'text', options: [], required: true },
    ]);
    expect(defs.map((f) => [f.code, f.type, f.source, f.editable, f.required])).toEqual([
      ['delivery_place', 'text', 'user', true, true],
      ['company.inn', 'text', 'company', true, true],
      ['procurement.bids_deadline', 'date', 'procurement', false, true],
      ['lots', 'items', 'procurement', false, false],
      ['items', 'items', 'procurement', false, true],
      ['old_field', 'text', 'user', true, false],
    ]);
  });
});

describe('templateData', () => {
  it('renders by type, marks and lists what is empty, never leaves a value undefined', () => {
    const defs = fieldDefs(
      ['price', 'deadline', 'place', 'items', 'lots'],
      [
        { code: 'price', title: 'Цена', type: 'money', options: [], required: true },
        { code: 'deadline', title: 'Срок', type: 'date', options: [], required: true },
        { code: 'place', title: 'Место', type: 'text', options: [], required: true },
      ],
    );
    const items = [
      { lot: '1', no: '1', name: 'Бумага', quantity: '2.5', price: '10.00', sum: '25.00' },
      { lot: '2', no: '2', name: 'Ручки', quantity: '1', price: '5.00', sum: '5.00' },
    ];
    const values: Record<string, FieldValue> = {
      price: '1234.50',
      deadline: '2026-03-15',
      place: null,
      items,
      lots: [
        { number: '1', subject: 'Лот 1', nmcd: '25.00' },
        { number: '2', subject: 'Лот 2', nmcd: '5.00' },
      ],
    };
    const { data, missing } = templateData(defs, values);
    expect(missing).toEqual(['place']);
    expect(data.place).toBe(BLANK);
    expect(data.deadline).toBe('15.03.2026');
    expect(String(data.price)).toMatch(/^1\s234,50 ₽$/);
    expect(data.items).toHaveLength(2);
    expect((data.items as Record<string, string>[])[0]).toMatchObject({
      'item.quantity': '2,5',
      'item.name': 'Бумага',
    });
    const lots = data.lots as { items: unknown[] }[];
    expect(lots.map((l) => l.items.length)).toEqual([1, 1]);
    expect(JSON.stringify(data)).not.toContain('undefined');
  });
});

describe('small rules', () => {
  it('formats: the request’s, else the rule’s', () => {
    expect(formatsOf('docx', null).pdf).toBe(false);
    expect(formatsOf('both', null).pdf).toBe(true);
    expect(formatsOf('pdf', undefined).pdf).toBe(true);
    expect(formatsOf('docx', ['pdf']).pdf).toBe(true);
    expect(formatsOf('both', ['docx']).pdf).toBe(false);
  });

  it('file names keep Cyrillic and drop what a file system refuses', () => {
    expect(outputFileName('Извещение о закупке', 'З-2026-001', 'docx')).toBe(
      'Извещение о закупке — З-2026-001.docx',
    );
    expect(outputFileName('Проект: договора/поставки', '12', 'pdf')).toBe(
      'Проект договора поставки — 12.pdf',
    );
  });

  it('the hash depends on the values and the template, not on the order of keys', () => {
    expect(valuesHash(1, { a: '1', b: '2' })).toBe(valuesHash(1, { b: '2', a: '1' }));
    expect(valuesHash(1, { a: '1' })).not.toBe(valuesHash(2, { a: '1' }));
    expect(valuesHash(1, { a: '1' })).not.toBe(valuesHash(1, { a: '2' }));
  });
});
