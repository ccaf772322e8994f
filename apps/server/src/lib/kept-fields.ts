import type { z } from 'zod';
import { invalid } from './app-error.js';

/**
 * An update that keeps what its request does not send (issue 26 item 3): the fields the edit sends
 * (`edit`, parsed by the route's partial schema: an absent field is undefined) laid over the
 * stored values (`stored`, in the shape of the full schema's input), then checked as a whole by
 * the full schema (`full`: its cross-field rules see the result, not the fragment sent). A
 * refusal names the body's field (`body.<path>`), as the route's own validation does.
 */
export function keptOver<S extends z.ZodType>(
  full: S,
  stored: z.input<S>,
  edit: Record<string, unknown>,
): z.output<S> {
  const merged: Record<string, unknown> = { ...(stored as Record<string, unknown>) };
  for (const [k, v] of Object.entries(edit)) if (v !== undefined) merged[k] = v;
  const parsed = full.safeParse(merged);
  if (parsed.success) return parsed.data;
  throw invalid(
    parsed.error.issues.map((i) => ({
      path: ['body', ...i.path.map(String)].join('.'),
      message: i.message,
    })),
  );
}
