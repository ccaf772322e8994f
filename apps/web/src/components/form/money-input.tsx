import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * Money: `1 234 567,89 ₽` while typing (non-breaking thousands separator, comma). Kopecks beyond
 * the second digit are kept as typed, not cut: the form refuses them (`moneyScale`).
 * The value handed to the form is a number or a decimal string; send it as a string.
 */
export function MoneyInput({
  required,
  ...props
}: Omit<NumberInputProps, 'required'> & { required?: boolean }) {
  return (
    <NumberInput
      withAsterisk={required}
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
