import numberToWordsRu from 'number-to-words-ru';

/**
 * An amount in roubles written out as documents of a procurement state it:
 * '1234567.89' -> «Один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь рублей
 * 89 копеек» (kopecks in figures, as in contracts and notices). The words come from
 * number-to-words-ru; the amount is a decimal string (no float rounding on the way).
 * Null for a value that is not an amount.
 */
export function rublesInWords(amount: string | null | undefined): string | null {
  const v = (amount ?? '').trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d{1,15}(\.\d{1,2})?$/.test(v)) return null;
  const [whole, frac = ''] = v.split('.');
  return numberToWordsRu.convert(`${whole}.${frac.padEnd(2, '0')}`, {
    currency: 'rub',
    convertNumberToWords: { integer: true, fractional: false },
    showNumberParts: { integer: true, fractional: true },
  });
}
