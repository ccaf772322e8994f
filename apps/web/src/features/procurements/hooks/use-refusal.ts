import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { applyServerErrors } from '../../../components/form/form-errors';
import { reportApiError } from '../../../lib/error-handler';
import { lawRefusalOf, refusalOf } from '../model/errors';

/**
 * The refusal a procurement form shows as an alert, and the save's onError: field issues go onto
 * the form (with the law rule's message in the alert), another refusal into the alert, anything
 * else to the usual error notice.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form of the feature
export function useRefusal(form: UseFormReturnType<any>) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const onError = (err: unknown) => {
    if (applyServerErrors(form, err)) {
      setRefusal(lawRefusalOf(err));
      return;
    }
    const r = refusalOf(err);
    if (r) setRefusal(r);
    else reportApiError(err);
  };
  return { refusal, setRefusal, onError };
}
