import { COMMON_PASSWORD_BASES_TEXT, COMMON_PASSWORDS_TEXT } from './common-passwords.js';

/**
 * The password rule, one for the server and the web forms (NIST SP 800-63B §5.1.1.2: a minimum
 * length and a check against common and context-specific passwords, no composition rules).
 * A rule of its own: the libraries that estimate strength (zxcvbn) score rather than refuse, and
 * weigh 800 KB; their password list is what this rule ships (common-passwords.ts).
 */
/** ASVS 2.1.1: at least 12 characters. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;

export const PASSWORD_MESSAGES = {
  short: `Пароль не короче ${PASSWORD_MIN} символов`,
  long: `Пароль не длиннее ${PASSWORD_MAX} символов`,
  repeated: 'Пароль не должен состоять из одного повторяющегося символа или фрагмента',
  sequence: 'Пароль не должен быть простой последовательностью символов (как 1234567890 или qwertyuiop)',
  common: 'Этот пароль входит в список распространённых паролей: придумайте другой',
  login: 'Пароль не должен совпадать с логином или содержать его',
} as const;

let common: Set<string> | null = null;
let bases: Set<string> | null = null;

/** Runs of characters a person types as a «sequence»: alphabets, digits and keyboard rows. */
const SEQUENCES = [
  '0123456789',
  'abcdefghijklmnopqrstuvwxyz',
  'абвгдеёжзийклмнопрстуфхцчшщъыьэюя',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'йцукенгшщзхъ',
  'фывапролджэ',
  'ячсмитьбю',
  '!@#$%^&*()',
];

/** Whether the text runs along one of SEQUENCES (forwards or backwards, wrapping round). */
function isSequence(s: string): boolean {
  for (const seq of SEQUENCES) {
    const ring = seq + seq + seq;
    const back = [...ring].reverse().join('');
    // a sequence longer than its ring is a repetition of it (caught by isRepeated too)
    if (ring.includes(s) || back.includes(s)) return true;
  }
  return false;
}

/** One character or one fragment of up to 4 characters repeated (aaaaaaaaaa, 1212121212, abcabcabca). */
function isRepeated(s: string): boolean {
  const chars = [...s];
  for (let unit = 1; unit <= 4 && unit < chars.length; unit++) {
    if (chars.every((c, i) => c === chars[i % unit])) return true;
  }
  return false;
}

/** Look-alike characters people put in a word (p@ssw0rd): read as the letters they stand for. */
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '1': 'i',
  '3': 'e',
  $: 's',
  '5': 's',
  '7': 't',
  '!': 'i',
};
const unLeet = (s: string) => s.replace(/[@40135$7!]/g, (c) => LEET[c] ?? c);

/** A common password as it is, or followed by digits and symbols, or by up to 3 more characters. */
function isCommonWord(s: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  bases ??= new Set(COMMON_PASSWORD_BASES_TEXT.split('\n'));
  const known = (x: string) => common?.has(x) || bases?.has(x);
  if (common.has(s)) return true;
  // a common password with digits or symbols added at the end (password2024!)
  const stem = s.replace(/[\d\p{P}\p{S}\s]+$/u, '');
  if (stem !== s && known(stem)) return true;
  // a common password of 8+ characters with a few more typed on (zaq12wsx + cde)
  for (const x of new Set([s, stem]))
    for (let k = 1; k <= 3; k++) if (x.length - k >= 8 && known(x.slice(0, -k))) return true;
  return false;
}

function isCommon(s: string): boolean {
  if (isCommonWord(s)) return true;
  // the same in look-alike characters (P@ssw0rd2024): the word before any trailing digits, read as letters
  const stem = s.replace(/[\d\p{P}\p{S}\s]+$/u, '');
  const plain = unLeet(stem);
  return plain !== stem && isCommonWord(plain);
}

/** The parts of a login a password must not contain: the login, and an e-mail's local part. */
function loginParts(login: string): string[] {
  const l = login.trim().toLowerCase();
  if (!l) return [];
  const local = l.includes('@') ? l.slice(0, l.indexOf('@')) : '';
  // a local part of one to three characters (a@…) is in too many passwords to refuse them
  return [l, ...(local.length >= 4 ? [local] : [])];
}

/**
 * The first problem of a new password in Russian, or null when it may be used. `login` (the
 * account's login, an e-mail) adds the check that the password neither equals nor contains it.
 */
export function passwordProblem(password: string, login?: string | null): string | null {
  if ([...password].length < PASSWORD_MIN) return PASSWORD_MESSAGES.short;
  if (password.length > PASSWORD_MAX) return PASSWORD_MESSAGES.long;
  const lower = password.toLowerCase();
  if (isRepeated(lower)) return PASSWORD_MESSAGES.repeated;
  if (isSequence(lower)) return PASSWORD_MESSAGES.sequence;
  if (isCommon(lower)) return PASSWORD_MESSAGES.common;
  if (login && loginParts(login).some((part) => lower.includes(part))) return PASSWORD_MESSAGES.login;
  return null;
}
