import { describe, expect, it } from 'vitest';
import {
  checkCorrespondentAccount,
  checkInn,
  checkKpp,
  checkOgrn,
  checkSettlementAccount,
  checkSnils,
} from './requisites.js';

describe('requisite checksums', () => {
  it.each([
    ['7707083893', null], // Сбербанк
    ['7736207543', null], // Яндекс
    ['500100732259', null],
    ['7707083894', 'Неверное контрольное число ИНН'],
    ['123123123123', 'Неверное контрольное число ИНН'],
    ['0000000000', 'ИНН не может состоять из одних нулей'],
    ['12345', 'ИНН должен состоять из 10 (организация) или 12 (физлицо, ИП) цифр'],
  ])('ИНН %s', (inn, expected) => expect(checkInn(inn)).toBe(expected));

  it('КПП', () => {
    expect(checkKpp('773601001')).toBeNull();
    expect(checkKpp('7736AB001')).toBeNull();
    expect(checkKpp('77360100')).not.toBeNull();
    expect(checkKpp('7736ab001')).not.toBeNull();
  });

  it.each([
    ['1027700132195', null],
    ['1027700132196', 'Неверное контрольное число ОГРН'],
    ['304500116000157', null],
    ['304500116000158', 'Неверное контрольное число ОГРНИП'],
  ])('ОГРН %s', (v, expected) => expect(checkOgrn(v)).toBe(expected));

  it('СНИЛС', () => {
    expect(checkSnils('112-233-445 95')).toBeNull();
    expect(checkSnils('11223344596')).not.toBeNull();
  });

  it('accounts against BIK', () => {
    // ПАО Сбербанк, БИК 044525225, к/с 30101810400000000225
    expect(checkCorrespondentAccount('30101810400000000225', '044525225')).toBeNull();
    expect(checkCorrespondentAccount('30101810400000000226', '044525225')).not.toBeNull();
    expect(checkSettlementAccount('40702810938000000001', '044525225')).toBeNull();
    expect(checkSettlementAccount('40702810038000000001', '044525225')).not.toBeNull();
    // treasury: key not applied
    expect(checkSettlementAccount('03100643000000017300', '014525988')).toBeNull();
  });
});
