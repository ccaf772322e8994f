import { BankRequisiteInput, CompanyInput } from '@zakupki/shared/api/companies';
import { MSG_EMAIL, MSG_REQUIRED } from '@zakupki/shared/validation-messages';
import { describe, expect, it } from 'vitest';
import { schemaValidate } from '../components/form/schema-validate';
import { confirmationProblem, MSG_PASSWORDS_DIFFER, phoneProblem } from './validators';

describe('checks only a form makes', () => {
  it('a repeated password is required and must be the same', () => {
    expect(confirmationProblem('secret-1234', '')).toBe(MSG_REQUIRED);
    expect(confirmationProblem('secret-1234', 'secret-1234')).toBeNull();
    expect(confirmationProblem('secret-1234', 'secret-12345')).toBe(MSG_PASSWORDS_DIFFER);
  });
  it('phone', () => {
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem('+7 (495) 123-45-67')).toBeNull();
    expect(phoneProblem('8 800 000-00-00')).toBeNull();
    expect(phoneProblem('call me')).toBe('Введите корректный номер телефона');
    expect(phoneProblem('1234')).toBe('Введите корректный номер телефона');
  });
});

describe('the shared schemas refuse what the hand-written rules refused, in their words', () => {
  const company = schemaValidate(CompanyInput);
  const valid = { title: 'ПАО «Энергосеть»', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195' };
  it('ИНН, КПП, ОГРН and e-mail', () => {
    expect(company(valid)).toEqual({});
    expect(company({ ...valid, title: '  ' })).toEqual({ title: MSG_REQUIRED });
    expect(company({ ...valid, inn: '7707083894' })).toEqual({ inn: 'Неверное контрольное число ИНН' });
    expect(company({ ...valid, inn: '12345' }).inn).toMatch(/10 .* или 12/);
    expect(company({ ...valid, kpp: '7736' }).kpp).toMatch(/9 знаков/);
    expect(company({ ...valid, ogrn: '1027700132196' })).toEqual({ ogrn: 'Неверное контрольное число ОГРН' });
    expect(company({ ...valid, email: 'buyer@' })).toEqual({ email: MSG_EMAIL });
    expect(company({ ...valid, email: ' Buyer@Energoset.RU ' })).toEqual({});
  });
  it('bank accounts are checked against the БИК of the same form', () => {
    const bank = schemaValidate(BankRequisiteInput);
    const b = { bank_name: 'ПАО Сбербанк', bik: '044525225', settlement_account: '40702810938000000001' };
    expect(bank(b)).toEqual({});
    expect(bank({ ...b, bik: '04452522' }).bik).toBe('БИК должен состоять из 9 цифр');
    expect(bank({ ...b, settlement_account: '40702810038000000001' }).settlement_account).toMatch(
      /контрольный ключ/,
    );
    expect(bank({ ...b, correspondent_account: '30101810400000000225' })).toEqual({});
  });
  it('a body path the form names otherwise lands on its field; the form-only checks come after', () => {
    const check = schemaValidate(
      CompanyInput,
      (v: { name: string; phone: string }) => ({ ...valid, title: v.name }),
      {
        fieldOf: { title: 'name' },
        also: (v) => ({ phone: phoneProblem(v.phone), name: 'never shown over the schema' }),
      },
    );
    expect(check({ name: '', phone: 'call me' })).toEqual({
      name: MSG_REQUIRED,
      phone: 'Введите корректный номер телефона',
    });
  });
});
