/**
 * Checksums of Russian requisites (docs/domain.md §6). Each `check*` returns null when the value is
 * valid or a Russian message naming the problem; each `isValid*` is the boolean form.
 */

const digitsOnly = (s: string) => /^\d+$/.test(s);

function weighted(digits: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i];
  return sum;
}

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

export function checkInn(value: string): string | null {
  const v = value.trim();
  if (!digitsOnly(v) || (v.length !== 10 && v.length !== 12)) {
    return 'ИНН должен состоять из 10 (организация) или 12 (физлицо, ИП) цифр';
  }
  if (/^0+$/.test(v)) return 'ИНН не может состоять из одних нулей';
  if (v.length === 10) {
    const c = (weighted(v, INN10) % 11) % 10;
    return c === Number(v[9]) ? null : 'Неверное контрольное число ИНН';
  }
  const c11 = (weighted(v, INN12_11) % 11) % 10;
  const c12 = (weighted(v, INN12_12) % 11) % 10;
  return c11 === Number(v[10]) && c12 === Number(v[11]) ? null : 'Неверное контрольное число ИНН';
}

export function checkKpp(value: string): string | null {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(value.trim())
    ? null
    : 'КПП должен состоять из 9 знаков: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры';
}

/** ОГРН (13 digits) or ОГРНИП (15 digits). */
export function checkOgrn(value: string): string | null {
  const v = value.trim();
  if (!digitsOnly(v) || (v.length !== 13 && v.length !== 15)) {
    return 'ОГРН должен состоять из 13 цифр, ОГРНИП из 15 цифр';
  }
  const body = BigInt(v.slice(0, -1));
  const mod = v.length === 13 ? 11n : 13n;
  const c = Number((body % mod) % 10n);
  return c === Number(v[v.length - 1])
    ? null
    : v.length === 13
      ? 'Неверное контрольное число ОГРН'
      : 'Неверное контрольное число ОГРНИП';
}

export function checkSnils(value: string): string | null {
  const v = value.replace(/[\s-]/g, '');
  if (!/^\d{11}$/.test(v)) return 'СНИЛС должен состоять из 11 цифр';
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(v[i]) * (9 - i);
  let c: number;
  if (sum < 100) c = sum;
  else if (sum === 100 || sum === 101) c = 0;
  else {
    c = sum % 101;
    if (c === 100) c = 0;
  }
  return c === Number(v.slice(9)) ? null : 'Неверное контрольное число СНИЛС';
}

export function checkBik(value: string): string | null {
  return /^\d{9}$/.test(value.trim()) ? null : 'БИК должен состоять из 9 цифр';
}

const ACCOUNT_WEIGHTS = [7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1];

function accountKeyOk(prefix3: string, account: string): boolean {
  return weighted(prefix3 + account, ACCOUNT_WEIGHTS) % 10 === 0;
}

/** Treasury accounts (03… with a treasury BIK 01…) do not follow the control key. */
export function isTreasuryAccount(bik: string, account: string): boolean {
  return bik.startsWith('01') && account.startsWith('03');
}

/** Settlement (расчётный) account against its bank's BIK. */
export function checkSettlementAccount(account: string, bik: string): string | null {
  const a = account.trim();
  if (!/^\d{20}$/.test(a)) return 'Расчётный счёт должен состоять из 20 цифр';
  if (checkBik(bik)) return 'Для проверки счёта нужен корректный БИК';
  if (isTreasuryAccount(bik, a)) return null;
  return accountKeyOk(bik.slice(6, 9), a)
    ? null
    : 'Расчётный счёт не соответствует БИК (неверный контрольный ключ)';
}

/** Correspondent account against the BIK. */
export function checkCorrespondentAccount(account: string, bik: string): string | null {
  const a = account.trim();
  if (!/^\d{20}$/.test(a)) return 'Корреспондентский счёт должен состоять из 20 цифр';
  if (checkBik(bik)) return 'Для проверки счёта нужен корректный БИК';
  if (isTreasuryAccount(bik, a)) return null;
  return accountKeyOk(`0${bik.slice(4, 6)}`, a)
    ? null
    : 'Корреспондентский счёт не соответствует БИК (неверный контрольный ключ)';
}

export const isValidInn = (v: string) => checkInn(v) === null;
export const isValidKpp = (v: string) => checkKpp(v) === null;
export const isValidOgrn = (v: string) => checkOgrn(v) === null;
export const isValidSnils = (v: string) => checkSnils(v) === null;
export const isValidBik = (v: string) => checkBik(v) === null;
