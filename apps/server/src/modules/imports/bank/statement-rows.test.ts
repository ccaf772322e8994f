import { describe, expect, it } from 'vitest';
import { purposeStarts } from './statement-rows.js';

/** The definition purposeStarts implements quickly: a non-space character not glued to what is before it. */
function startsByExpression(purpose: string): number[] {
  const starts: number[] = [];
  let at = 0;
  for (let i = 0; i < purpose.length; i++) {
    if (/\s/.test(purpose[i])) continue;
    at++;
    if (!/(?:[\p{L}\p{N}/\\-]|\p{N}[.,])$/u.test(purpose.slice(Math.max(0, i - 4), i))) starts.push(at);
  }
  return starts;
}

describe('purposeStarts', () => {
  it('gives the compact purpose and where a contract number may begin in it', () => {
    const { compact, starts } = purposeStarts('Оплата по дог. №12/2024 от 1.02.2024, сч 5');
    expect(compact).toBe('оплатаподог.№12/2024от1.02.2024,сч5');
    expect(starts.map((p) => compact.slice(p - 1, p + 2))).toEqual([
      'опл',
      'под',
      'дог',
      '№12',
      '12/',
      'от1',
      '1.0',
      'сч5',
      '5',
    ]);
  });

  it('agrees with the expression on random purposes', () => {
    const alphabet = [
      'а',
      'Б',
      'z',
      'Q',
      '1',
      '9',
      '.',
      ',',
      '/',
      '\\',
      '-',
      ' ',
      '\u00a0',
      '№',
      'N',
      '(',
      'ё',
      '\t',
      '٣',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let n = 0; n < 2000; n++) {
      let purpose = '';
      for (let k = next() % 30; k > 0; k--) purpose += alphabet[next() % alphabet.length];
      expect(purposeStarts(purpose).starts, JSON.stringify(purpose)).toEqual(startsByExpression(purpose));
    }
  });
});
