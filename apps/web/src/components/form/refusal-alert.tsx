import { Alert } from '@mantine/core';
import { useState } from 'react';
import { formRefusal } from './form-errors';

/** The server's refusal of what the user entered, in the form or dialog it came from. */
export function RefusalAlert({
  message,
  title = 'Не сохранено',
}: {
  message: string | null;
  title?: string;
}) {
  if (!message) return null;
  return (
    <Alert color="red" title={title} role="alert">
      {message}
    </Alert>
  );
}

/**
 * The refusal state of one form or dialog: `refuse(err)` (a mutation's onError / a catch) puts a
 * 400's issues on the fields and keeps the message of a refusal that names no field; `clear()`
 * before the next attempt.
 */
export function useRefusal(form: Parameters<typeof formRefusal>[0] = null) {
  const [refusal, setRefusal] = useState<string | null>(null);
  return {
    refusal,
    refuse: (err: unknown) => setRefusal(formRefusal(form, err)),
    clear: () => setRefusal(null),
  };
}
