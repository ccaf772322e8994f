import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';

export const MSG_DIGITS_ONLY = 'Введите число: допустимы только цифры';

/** A character a number field cannot take (a letter, a sign other than the decimal separator). */
const refused = (text: string, decimal: boolean) =>
  decimal ? /[^\d\s\u00a0.,-]/.test(text) : /[^\d\s\u00a0-]/.test(text);

/**
 * A number as typed. Nothing typed is changed without a word: a letter or another sign the field
 * cannot hold is refused with «Введите число: допустимы только цифры» (until the next accepted
 * keystroke), a value beyond `min`/`max` is kept as typed for the form's schema to refuse with its
 * limit (no clamping), and a long number is never rounded on blur.
 */
export function NumberField({
  required,
  error,
  onKeyDown,
  onPaste,
  onChange,
  ...props
}: Omit<NumberInputProps, 'required'> & { required?: boolean }) {
  const [bad, setBad] = useState(false);
  const decimal = props.allowDecimal !== false;
  return (
    <NumberInput
      withAsterisk={required}
      clampBehavior="none"
      trimLeadingZeroesOnBlur={false}
      {...props}
      error={bad ? MSG_DIGITS_ONLY : error}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) setBad(refused(e.key, decimal));
        onKeyDown?.(e);
      }}
      onPaste={(e: ClipboardEvent<HTMLInputElement>) => {
        setBad(refused(e.clipboardData.getData('text'), decimal));
        onPaste?.(e);
      }}
      onChange={(v) => {
        setBad(false);
        onChange?.(v);
      }}
    />
  );
}
