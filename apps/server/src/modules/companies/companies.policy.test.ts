import type { Role } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import {
  bankRequisiteDeleteRefusal,
  type CompanyStatus,
  companyChangeRefusal,
  contactDeleteRefusal,
  customerDeleteRefusal,
  dependentsMessage,
  duplicateCompanyMessage,
  plural,
  sortDependents,
} from './companies.policy.js';

const ARCHIVE = 'Перевести компанию в архив или вернуть её из архива может только сотрудник провайдера';
const TARIFF = 'Тариф компании может назначить только администратор';

describe('companyChangeRefusal', () => {
  type Before = { status: CompanyStatus; tariffId: number | null };
  const active: Before = { status: 'active', tariffId: 1 };
  const cases: [Role, Before | null, { status?: CompanyStatus; tariffId?: number | null }, string | null][] =
    [
      ['client', active, {}, null],
      ['client', active, { status: 'active', tariffId: 1 }, null],
      ['client', active, { status: 'archived' }, ARCHIVE],
      ['client', { status: 'archived', tariffId: null }, { status: 'active' }, ARCHIVE],
      ['client', active, { tariffId: 2 }, TARIFF],
      ['client', active, { tariffId: null }, TARIFF],
      ['operator', active, { status: 'archived' }, null],
      ['specialist', active, { status: 'archived' }, null],
      ['specialist', active, { tariffId: 2 }, TARIFF],
      ['specialist', null, { tariffId: 2 }, TARIFF],
      ['specialist', null, { tariffId: null }, null],
      ['admin', active, { status: 'archived', tariffId: 5 }, null],
      ['admin', null, { tariffId: 5 }, null],
    ];
  it.each(cases)('%s %j -> %j', (role, before, input, expected) => {
    expect(companyChangeRefusal(role, before, input)).toBe(expected);
  });
});

describe('plural', () => {
  const forms = ['контакт', 'контакта', 'контактов'] as const;
  it.each([
    [1, 'контакт'],
    [2, 'контакта'],
    [4, 'контакта'],
    [5, 'контактов'],
    [11, 'контактов'],
    [12, 'контактов'],
    [14, 'контактов'],
    [21, 'контакт'],
    [22, 'контакта'],
    [111, 'контактов'],
    [0, 'контактов'],
  ])('%i %s', (n, word) => {
    expect(plural(n, forms)).toBe(word);
  });
});

describe('dependents', () => {
  it('names the known data first, in a fixed order, then other tables; skips zeros', () => {
    const list = [
      { table: 'contracts', count: 5 },
      { table: 'users', count: 2 },
      { table: 'customers', count: 0 },
      { table: 'contacts', count: 3 },
      { table: 'bank_requisites', count: 21 },
    ];
    expect(sortDependents(list).map((d) => d.table)).toEqual([
      'contacts',
      'users',
      'bank_requisites',
      'contracts',
    ]);
    expect(dependentsMessage(list)).toBe(
      'У компании есть данные: 3 контакта, 2 пользователя, 21 банковский реквизит, 5 записей в разделе «contracts». Переведите её в архив',
    );
  });
});

describe('duplicateCompanyMessage', () => {
  it('names the ИНН and КПП, or says there is no КПП', () => {
    expect(duplicateCompanyMessage('7705123452', '770501001')).toBe(
      'Компания с ИНН 7705123452 и КПП 770501001 уже есть в системе',
    );
    expect(duplicateCompanyMessage('7705123452', null)).toBe(
      'Компания с ИНН 7705123452 без КПП уже есть в системе',
    );
  });
});

describe('delete refusals of a company sub-resource (the delete and the list’s can_delete)', () => {
  it.each([
    ['nothing refers to it', [], null],
    ['only zero counts', [{ table: 'contracts', count: 0 }], null],
    [
      'procurements, contracts and rules, named in this order',
      [
        { table: 'procurement_rules', count: 1 },
        { table: 'contracts', count: 2 },
        { table: 'procurements', count: 5 },
      ],
      'Заказчик «АО «Север»» используется: 5 закупок, 2 договора, 1 положение о закупке. Удалить его нельзя',
    ],
    [
      'a table without a name',
      [{ table: 'zz_refs', count: 1 }],
      'Заказчик «АО «Север»» используется: 1 запись в разделе «zz_refs». Удалить его нельзя',
    ],
  ] as const)('customer: %s', (_n, uses, expected) => {
    expect(customerDeleteRefusal('АО «Север»', [...uses])).toBe(expected);
  });

  it.each([
    [
      'the active contact while others exist',
      true,
      2,
      [],
      'Нельзя удалить активный контакт «Иванова»: сначала сделайте активным другой контакт',
    ],
    ['the only contact, though active', true, 0, [], null],
    ['a contact not active', false, 3, [], null],
    [
      'a contact referred to',
      false,
      3,
      [{ table: 'zz_refs', count: 2 }],
      'Контакт «Иванова» используется: 2 записи в разделе «zz_refs». Удалить его нельзя',
    ],
  ] as const)('contact: %s', (_n, isActive, others, uses, expected) => {
    expect(contactDeleteRefusal({ fullName: 'Иванова', isActive }, others, [...uses])).toBe(expected);
  });

  it('bank requisite: refused only while data refers to it', () => {
    expect(bankRequisiteDeleteRefusal('40702810900000000001', [])).toBeNull();
    expect(bankRequisiteDeleteRefusal('40702810900000000001', [{ table: 'contracts', count: 1 }])).toBe(
      'Счёт 40702810900000000001 используется: 1 договор. Удалить его нельзя',
    );
  });
});
