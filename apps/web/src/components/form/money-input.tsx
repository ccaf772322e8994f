import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * Money: `1 234 567,89 ₽` while typing (non-breaking thousands separator, comma, two decimals).
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
      decimalScale={2}
      fixedDecimalScale
      suffix={'\u00a0₽'}
      hideControls
      allowedDecimalSeparators={['.', ',']}
      {...props}
    />
  );
}
