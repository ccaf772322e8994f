import type { NumberInputProps } from '@mantine/core';
import { NumberField } from './number-field';

/**
 * Money: `1 234 567,89 ₽` while typing (non-breaking thousands separator, comma). Nothing typed is
 * changed silently (`NumberField`): a letter is refused with a message, kopecks beyond the second
 * digit and a sum too long for the register are kept as typed for the form to refuse, never cut
 * or rounded. The value handed to the form is a number or a decimal string; send it as a string.
 */
export function MoneyInput(props: Omit<NumberInputProps, 'required'> & { required?: boolean }) {
  return (
    <NumberField
      thousandSeparator={'\u00a0'}
      decimalSeparator=","
      suffix={'\u00a0₽'}
      hideControls
      allowedDecimalSeparators={['.', ',']}
      {...props}
    />
  );
}

/** «Не более двух знаков после запятой» for a money value with more kopeck digits, else null. */
export function moneyScale(v: unknown): string | null {
  const s = String(v ?? '').replace(',', '.');
  return /\.\d{3,}$/.test(s) ? 'Не более двух знаков после запятой' : null;
}
