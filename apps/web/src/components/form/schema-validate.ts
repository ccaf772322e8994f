import { type FormErrors, schemaResolver } from '@mantine/form';

export type Schema = Parameters<typeof schemaResolver>[0];

export type SchemaValidateOptions<V> = {
  /** the form field that shows an issue of this body path, where the form names it otherwise */
  fieldOf?: Record<string, string> | ((path: string) => string);
  /** checks only the form can make (a confirmation field, today's date); null or '' passes */
  also?: (values: V) => Record<string, string | null | undefined>;
};

/**
 * A form's `validate` from the shared input schema (`@mantine/form`'s `schemaResolver`): the form's
 * values are turned into the request body with `toBody` (the one place a form maps its display
 * values to the API's shape) and checked by the schema the API checks, so the form refuses what
 * the server refuses, with the same messages.
 */
export function schemaValidate<V>(
  schema: Schema,
  toBody: (values: V) => unknown = (v) => v,
  { fieldOf = {}, also }: SchemaValidateOptions<V> = {},
) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: V): FormErrors => {
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(resolve(toBody(values)))) {
      const field = typeof fieldOf === 'function' ? fieldOf(path) : (fieldOf[path] ?? path);
      if (!errors[field]) errors[field] = message;
    }
    for (const [field, message] of Object.entries(also?.(values) ?? {}))
      if (message && !errors[field]) errors[field] = message;
    return errors;
  };
}
