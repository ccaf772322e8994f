import { describe, expect, it } from 'vitest';
import { authRoutes, RegisterBody } from '../api/auth.js';
import { COMMON_PASSWORD_BASES_TEXT, COMMON_PASSWORDS_TEXT } from './common-passwords.js';
import { PASSWORD_MESSAGES as M, passwordProblem } from './password.js';

describe('passwordProblem', () => {
  it.each([
    ['short1', undefined, M.short],
    ['x'.repeat(201), undefined, M.long],
    ['aaaaaaaaaaaa', undefined, M.repeated],
    ['            ', undefined, M.repeated],
    ['ЖЖЖЖЖЖЖЖЖЖЖЖ', undefined, M.repeated],
    ['121212121212', undefined, M.repeated],
    ['abcabcabcabc', undefined, M.repeated],
    ['123456789012', undefined, M.sequence],
    ['098765432109', undefined, M.sequence],
    ['456789012345', undefined, M.sequence],
    ['abcdefghijkl', undefined, M.sequence],
    ['QWERTYUIOPQW', undefined, M.sequence],
    ['йцукенгшщзхъ', undefined, M.sequence],
    ['абвгдеёжзийк', undefined, M.sequence],
    ['password1234', undefined, M.common],
    ['Basketball12', undefined, M.common],
    ['1q2w3e4r5t6y', undefined, M.common],
    ['password2024!', undefined, M.common],
    ['iloveyou1234', undefined, M.common],
    // ASVS 2.1.1: 12 characters; look-alike characters and a few letters typed on
    ['zaq12wsxcde', undefined, M.short],
    ['abcdef-xyz1', undefined, M.short],
    ['P@ssw0rd2024', undefined, M.common],
    ['Zaq12wsxcde!', undefined, M.common],
    ['zaq12wsxcde1', undefined, M.common],
    ['client@demo.local', 'client@demo.local', M.login],
    ['CLIENT@demo.local', 'client@demo.local', M.login],
    ['my-ivanov.petr-2025', 'ivanov.petr@mail.ru', M.login],
    ['ivanov.petr@mail.ru!', 'ivanov.petr@mail.ru', M.login],
    // a local part of up to three characters is not looked for
    ['abc-long-secret-phrase', 'abc@mail.ru', null],
    ['correct horse battery staple', 'ivanov@mail.ru', null],
    ['Закупки-2024-весна', 'ivanov@mail.ru', null],
    ['demo-password', 'client@demo.local', null],
    ['staff-password-123', undefined, null],
  ] as const)('%j (login %j)', (password, login, expected) => {
    expect(passwordProblem(password, login)).toBe(expected);
  });

  it('ships a few thousand common passwords, lower case, without duplicates', () => {
    const list = COMMON_PASSWORDS_TEXT.split('\n');
    const bases = COMMON_PASSWORD_BASES_TEXT.split('\n');
    expect(list.length + bases.length).toBeGreaterThan(3000);
    expect(new Set(list).size).toBe(list.length);
    expect(list.every((p) => p.length >= 10 && p === p.toLowerCase())).toBe(true);
    expect(bases.every((p) => p.length >= 6 && p.length < 10)).toBe(true);
  });
});

describe('the schemas refuse the same passwords with the same messages', () => {
  const register = (password: string, login = 'ivanov@mail.ru') =>
    RegisterBody.safeParse({
      login,
      password,
      title: 'Иванов',
      email_code: '123456',
      company: { title: 'ООО', inn: '7707083893', kpp: '773601001' },
    });
  it('registration: the password field carries the message', () => {
    const r = register('123456789012');
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', M.sequence]]);
    const withLogin = register('ivanov@mail.ru-secret');
    expect(withLogin.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', M.login],
    ]);
    expect(register('Закупки-2024-весна').success).toBe(true);
  });
  it('password reset and change', () => {
    const reset = authRoutes.resetPassword.body.safeParse({
      login: 'ivanov@mail.ru',
      email_code: '123456',
      new_password: 'ivanov-2024-ivanov',
    });
    expect(reset.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['new_password', M.login],
    ]);
    const change = authRoutes.changePassword.body.safeParse({
      current_password: 'x',
      new_password: 'aaaaaaaaaaaa',
    });
    expect(change.error?.issues.map((i) => i.message)).toEqual([M.repeated]);
  });
});
