import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { isoDate } from './common.js';

/**
 * The register of unfair suppliers (РНП) as reference data (docs/rnp.md): no company of its own,
 * like the classifiers. Staff read it; the admin loads it.
 */
export const RNP_LAWS = ['44-fz', '223-fz'] as const;
export const RNP_LAW_TITLES: Record<(typeof RNP_LAWS)[number], string> = {
  '44-fz': '44-ФЗ',
  '223-fz': '223-ФЗ',
};

export const RnpLoad = z.object({
  source: z.string(),
  file_name: z.string(),
  format: z.enum(['xml', 'csv']),
  sha256: z.string(),
  rows: z.number().int(),
  loaded_at: z.string(),
});

/** Whether the register is loaded, and which load is in force. */
export const RnpStatus = z.object({ loaded: z.boolean(), load: RnpLoad.nullable() });
export type RnpStatus = z.infer<typeof RnpStatus>;

export const RnpEntry = z.object({
  registry_number: z.string(),
  law: z.enum(RNP_LAWS),
  inn: z.string(),
  kpp: z.string().nullable(),
  name: z.string(),
  included_on: z.string(),
  excluded_on: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_inn: z.string().nullable(),
  purchase_number: z.string().nullable(),
  reason: z.string().nullable(),
});
export type RnpEntry = z.infer<typeof RnpEntry>;

/** The lookup form: an ИНН (10 or 12 digits), optionally a КПП and the date of the check. */
export const RnpLookupQuery = z
  .object({
    inn: z
      .string()
      .trim()
      .regex(/^(\d{10}|\d{12})$/, { message: 'ИНН — 10 или 12 цифр' }),
    kpp: z
      .string()
      .trim()
      .regex(/^\d{4}[\dA-Z]{2}\d{3}$/, { message: 'КПП — 9 знаков' })
      .optional(),
    on: isoDate.optional().describe('the date of the check, YYYY-MM-DD (default: today, Moscow)'),
  })
  .strict();
export type RnpLookupQuery = z.input<typeof RnpLookupQuery>;

export const RnpLookupResult = z.object({
  /** false when the register is not loaded: no check was made */
  checked: z.boolean(),
  on: z.string(),
  status: RnpStatus,
  items: z.array(
    RnpEntry.extend({
      in_force: z.boolean(),
      /** null when the query or the entry has no КПП */
      kpp_matches: z.boolean().nullable(),
    }),
  ),
});
export type RnpLookupResult = z.infer<typeof RnpLookupResult>;

export const RnpLoadResult = z.object({
  loaded: z.boolean(),
  /** `same`: this very file is the load in force, nothing was written */
  reason: z.enum(['same']).optional(),
  rows: z.number().int(),
  status: RnpStatus,
});
export type RnpLoadResult = z.infer<typeof RnpLoadResult>;

export const rnpRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/api/rnp',
    summary: 'Whether the register of unfair suppliers is loaded, and which load (staff)',
    tags: ['rnp'],
    response: { 200: RnpStatus },
  }),
  lookup: defineRoute({
    method: 'GET',
    path: '/api/rnp/entries',
    summary: 'The register entries of an ИНН, each marked in force or not on the date (staff)',
    tags: ['rnp'],
    query: RnpLookupQuery,
    response: { 200: RnpLookupResult },
  }),
  load: defineRoute({
    method: 'POST',
    path: '/api/rnp/load',
    summary:
      'Replace the register with an open-data file (multipart field "file": EIS XML, ZIP of XML, or CSV; ' +
      'optional field "law": 44-fz | 223-fz for a file that does not say; admin)',
    tags: ['rnp'],
    multipart: true,
    response: { 200: RnpLoadResult },
  }),
};
