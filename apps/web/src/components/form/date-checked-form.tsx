import type { FormEvent, ReactNode } from 'react';
import { hasInvalidDate } from './date-field';

/**
 * A form with the app's own messages (noValidate) that is not sent while a day field holds a
 * wrongly typed date (hasInvalidDate): such a day is never sent as empty or as the previous value.
 */
export function DateCheckedForm({
  onSubmit,
  children,
  ...aria
}: {
  /** Called for a form whose days are all valid (e.g. `form.onSubmit(submit)` of @mantine/form). */
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  'aria-label': string;
}) {
  return (
    <form
      noValidate
      aria-label={aria['aria-label']}
      onSubmit={(e) => {
        if (hasInvalidDate(e.currentTarget)) {
          e.preventDefault();
          return;
        }
        onSubmit(e);
      }}
    >
      {children}
    </form>
  );
}
