import { describe, expect, it } from 'vitest';
import {
  bik,
  correspondentAccount,
  email,
  inn,
  kpp,
  MSG_EMAIL,
  MSG_NUMERIC,
  MSG_REQUIRED,
  newPassword,
  numeric,
  ogrn,
  phone,
  required,
  rules,
  sameAs,
  settlementAccount,
  validate,
} from './validators';

describe('required', () => {
  it('is «Обязательное поле» for a value blank after trimming', () => {
    for (const v of ['', '   ', '\t\n', null, undefined, []]) expect(required(v)).toBe(MSG_REQUIRED);
    expect(MSG_REQUIRED).toBe('Обязательное поле');
    for (const v of ['a', ' x ', 0, false, ['1']]) expect(required(v)).toBeNull();
  });
});

describe('numeric', () => {
  it('accepts digits with an optional decimal part', () => {
    for (const v of ['0', '12', '-5', '10.5', '10,25', '1 234,56']) expect(numeric(v), v).toBeNull();
  });
  it('rejects anything else with «Значение должно быть числовое»', () => {
    for (const v of ['abc', '1.2.3', '1e5', '.5', '5.', '12a']) expect(numeric(v), v).toBe(MSG_NUMERIC);
    expect(MSG_NUMERIC).toBe('Значение должно быть числовое');
  });
  it('leaves an empty value to `required`', () => expect(numeric('')).toBeNull());
});

describe('email', () => {
  it('checks the address', () => {
    expect(email('buyer@energoset.ru')).toBeNull();
    expect(email(' Buyer@Energoset.RU ')).toBeNull();
    for (const v of ['buyer', 'buyer@', '@x.ru', 'a b@x.ru', 'a@b']) expect(email(v), v).toBe(MSG_EMAIL);
    expect(MSG_EMAIL).toBe('Введите корректный email');
  });
});

describe('requisites through packages/shared', () => {
  it('ИНН', () => {
    expect(inn('7707083893')).toBeNull();
    expect(inn('500100732259')).toBeNull();
    expect(inn('7707083894')).toBe('Неверное контрольное число ИНН');
    expect(inn('12345')).toMatch(/10 .* или 12/);
  });
  it('КПП, ОГРН, БИК', () => {
    expect(kpp('773601001')).toBeNull();
    expect(kpp('7736')).toMatch(/9 знаков/);
    expect(ogrn('1027700132195')).toBeNull();
    expect(ogrn('1027700132196')).toBe('Неверное контрольное число ОГРН');
    expect(bik('044525225')).toBeNull();
    expect(bik('04452522')).toBe('БИК должен состоять из 9 цифр');
  });
  it('accounts are checked against the БИК of the same form', () => {
    const values = { bik: '044525225' };
    expect(settlementAccount()('40702810938000000001', values)).toBeNull();
    expect(settlementAccount()('40702810038000000001', values)).toMatch(/контрольный ключ/);
    expect(correspondentAccount()('30101810400000000225', values)).toBeNull();
    expect(settlementAccount()('40702810938000000001', { bik: '' })).toBe(
      'Для проверки счёта нужен корректный БИК',
    );
  });
  it('phone', () => {
    expect(phone('+7 (495) 123-45-67')).toBeNull();
    expect(phone('8 800 000-00-00')).toBeNull();
    expect(phone('call me')).toBe('Введите корректный номер телефона');
  });
});

describe('a field shows all its messages joined by commas', () => {
  it('joins the failing rules', () => {
    const mustBeDigitsAndShort = (v: unknown) => (String(v).length > 3 ? 'Не более 3 символов' : null);
    expect(validate('abcd', {}, numeric, mustBeDigitsAndShort)).toBe(
      'Значение должно быть числовое, Не более 3 символов',
    );
    expect(rules(required, numeric)('', {})).toBe('Обязательное поле');
    expect(rules(required, numeric)('12', {})).toBeNull();
  });
  it('a new password by the shared rule, the login from a field or a function', () => {
    const fromField = newPassword('login');
    expect(fromField('', { login: 'ivanov@mail.ru' })).toBeNull();
    expect(fromField('aaaaaaaaaaaa', {})).toBe(
      'Пароль не должен состоять из одного повторяющегося символа или фрагмента',
    );
    expect(fromField('ivanov-secret-7', { login: 'ivanov@mail.ru' })).toBe(
      'Пароль не должен совпадать с логином или содержать его',
    );
    expect(fromField('ivanov-secret-7', { login: 'petrov@mail.ru' })).toBeNull();
    expect(newPassword(() => 'petrov@mail.ru')('petrov-secret-7')).toBe(
      'Пароль не должен совпадать с логином или содержать его',
    );
  });
  it('compares with another field', () => {
    const r = sameAs('password', 'Пароли не совпадают');
    expect(r('secret-1234', { password: 'secret-1234' })).toBeNull();
    expect(r('secret-12345', { password: 'secret-1234' })).toBe('Пароли не совпадают');
  });
});
