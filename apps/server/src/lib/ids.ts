import { createHash, randomBytes, randomInt } from 'node:crypto';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** 256 random bits, url-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
/** Short code a user can read out to the operator: 8 chars, no look-alikes. */
export function shortCode(len = 8): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let s = '';
  for (let i = 0; i < len; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}
export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
