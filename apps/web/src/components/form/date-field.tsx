import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { parseRuDate } from '../../lib/formatters';

export const DATE_FORMAT_MESSAGE = 'Введите дату в формате ДД.ММ.ГГГГ';

/** A field of `form` (or of any container) whose typed date is not a date: it must not be sent. */
export function hasInvalidDate(form: HTMLElement): boolean {
  return form.querySelector('[data-invalid-date="true"]') !== null;
}

/**
 * A date typed or picked as ДД.ММ.ГГГГ on a Russian calendar; the form value is `ГГГГ-ММ-ДД`.
 * Text that is not a date is kept as typed (never cleared) and refused with «Введите дату в
 * формате ДД.ММ.ГГГГ»; the form checks `hasInvalidDate` before it sends.
 */
export function DateField({
  required,
  onBlur,
  error,
  ...props
}: Omit<DateInputProps, 'required'> & { required?: boolean }) {
  const [bad, setBad] = useState(false);
  return (
    <DateInput
      withAsterisk={required}
      valueFormat="DD.MM.YYYY"
      dateParser={parseRuDate}
      locale="ru"
      placeholder="ДД.ММ.ГГГГ"
      clearable={!required}
      fixOnBlur={false}
      {...props}
      error={bad ? DATE_FORMAT_MESSAGE : error}
      data-invalid-date={bad ? 'true' : undefined}
      onBlur={(e) => {
        const text = e.currentTarget.value.trim();
        setBad(text !== '' && parseRuDate(text) === null);
        onBlur?.(e);
      }}
      onInput={(e) => {
        // typing again: judged on the next blur
        if (bad && parseRuDate(e.currentTarget.value) !== null) setBad(false);
      }}
    />
  );
}
