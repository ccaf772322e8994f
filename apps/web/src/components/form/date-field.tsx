import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseRuDate } from '../../lib/formatters';

/** A date typed or picked as ДД.ММ.ГГГГ on a Russian calendar; the form value is `ГГГГ-ММ-ДД`. */
export function DateField({ required, ...props }: Omit<DateInputProps, 'required'> & { required?: boolean }) {
  return (
    <DateInput
      withAsterisk={required}
      valueFormat="DD.MM.YYYY"
      dateParser={parseRuDate}
      locale="ru"
      placeholder="ДД.ММ.ГГГГ"
      clearable={!required}
      {...props}
    />
  );
}
