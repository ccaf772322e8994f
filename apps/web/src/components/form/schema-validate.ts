import { type FormErrors, schemaResolver } from '@mantine/form';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A form's `validate` from the shared input schema (`@mantine/form`'s `schemaResolver`): the form's
 * values are turned into the request body with `toBody` (the one the form sends) and checked by the
 * schema the API checks, so the form refuses what the server refuses, with the same messages.
 */
export function schemaValidate<V>(schema: Schema, toBody: (values: V) => unknown = (v) => v) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: V): FormErrors => resolve(toBody(values));
}
