import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { PERMISSIONS, type Permission, ROLES } from '../roles.js';
import {
  checkBik,
  checkCorrespondentAccount,
  checkInn,
  checkKpp,
  checkOgrn,
  checkSettlementAccount,
} from '../validators/requisites.js';
import { email, IdParam, keptText, optionalText, PageQuery, pageOf, requiredText } from './common.js';

const checked = (check: (v: string) => string | null) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const e = check(v);
      if (e) ctx.addIssue({ code: 'custom', message: e });
    });
const optionalChecked = (check: (v: string) => string | null) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .superRefine((v, ctx) => {
      const e = v ? check(v) : null;
      if (e) ctx.addIssue({ code: 'custom', message: e });
    });

/** An update's checked code: absent stays absent (kept), null or blank clears. */
const keptChecked = (check: (v: string) => string | null) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const e = v ? check(v) : null;
      if (e) ctx.addIssue({ code: 'custom', message: e });
    })
    .transform((v) => (v ? v : null))
    .nullable()
    .optional();

export const innSchema = checked(checkInn);
export const kppSchema = optionalChecked(checkKpp);
export const ogrnSchema = optionalChecked(checkOgrn);

/**
 * pending: brought by a registration request not yet decided; rejected: its request was refused
 * (not a live company: left out of the lists unless asked for by status).
 */
export const COMPANY_STATUSES = ['active', 'pending', 'archived', 'rejected'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const Company = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  full_title: z.string().nullable(),
  inn: z.string(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  legal_address: z.string().nullable(),
  postal_address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_provider: z.boolean(),
  tariff_id: z.number().int().nullable(),
  status: z.enum(COMPANY_STATUSES),
  created_at: z.string(),
});
export type Company = z.infer<typeof Company>;

export const CompanyInput = z.object({
  title: requiredText(500),
  full_title: optionalText(1000),
  inn: innSchema,
  kpp: kppSchema,
  ogrn: ogrnSchema,
  legal_address: optionalText(1000),
  postal_address: optionalText(1000),
  email: email.nullish().or(z.literal('').transform(() => null)),
  phone: optionalText(50),
  tariff_id: z.number().int().positive().nullish(),
  status: z.enum(['active', 'archived']).optional(),
});
export type CompanyInput = z.input<typeof CompanyInput>;
/** An edit of a company: only the fields sent change (issue 26 item 3); null or blank clears a text. */
export const CompanyUpdate = z.object({
  title: requiredText(500).optional(),
  full_title: keptText(1000),
  inn: innSchema.optional(),
  kpp: keptChecked(checkKpp),
  ogrn: keptChecked(checkOgrn),
  legal_address: keptText(1000),
  postal_address: keptText(1000),
  email: email
    .nullable()
    .or(z.literal('').transform(() => null))
    .optional(),
  phone: keptText(50),
  tariff_id: z.number().int().positive().nullable().optional(),
  status: z.enum(['active', 'archived']).optional(),
});
export type CompanyUpdate = z.input<typeof CompanyUpdate>;

export const CompanyListQuery = PageQuery.extend({
  title: z.string().trim().optional(),
  inn: z.string().trim().optional(),
  status: z.enum(COMPANY_STATUSES).optional(),
});

export const Contact = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  full_name: z.string(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
});
export type Contact = z.infer<typeof Contact>;
export const ContactInput = z.object({
  full_name: requiredText(300),
  position: optionalText(300),
  email: email.nullish().or(z.literal('').transform(() => null)),
  phone: optionalText(50),
  is_active: z.boolean().default(false),
});
export const ContactListQuery = PageQuery.extend({
  full_name: z.string().trim().optional(),
  email: z.string().trim().optional(),
  phone: z.string().trim().optional(),
  position: z.string().trim().optional(),
  is_active: z.enum(['true', 'false']).optional(),
});

export const BankRequisite = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  bank_name: z.string(),
  bik: z.string(),
  settlement_account: z.string(),
  correspondent_account: z.string().nullable(),
  is_main: z.boolean(),
});
export const BankRequisiteInput = z
  .object({
    bank_name: requiredText(500),
    bik: checked(checkBik),
    settlement_account: z
      .string()
      .trim()
      .regex(/^\d{20}$/, 'Расчётный счёт должен состоять из 20 цифр'),
    correspondent_account: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null)),
    is_main: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const s = checkSettlementAccount(v.settlement_account, v.bik);
    if (s) ctx.addIssue({ code: 'custom', path: ['settlement_account'], message: s });
    if (v.correspondent_account) {
      const c = checkCorrespondentAccount(v.correspondent_account, v.bik);
      if (c) ctx.addIssue({ code: 'custom', path: ['correspondent_account'], message: c });
    }
  });

export const Customer = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  title: z.string(),
  inn: z.string(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  address: z.string().nullable(),
  annual_revenue_over_5bn: z.boolean(),
});
export const CustomerInput = z.object({
  title: requiredText(500),
  inn: innSchema,
  kpp: kppSchema,
  ogrn: ogrnSchema,
  address: optionalText(1000),
  annual_revenue_over_5bn: z.boolean().default(false),
});

export const CompanyUser = z.object({
  id: z.number().int(),
  title: z.string(),
  login: z.string(),
  role: z.enum(ROLES),
  status: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
});

/** SHA-1 thumbprint of a certificate as pasted from its properties: spaces, colons and marks dropped. */
export const normalizeThumbprint = (v: string) => v.replace(/[\s:\u200e\u200f]/g, '').toUpperCase();
export const THUMBPRINT_MESSAGE = 'Отпечаток сертификата: 40 шестнадцатеричных символов (0–9, A–F)';
export const isThumbprint = (v: string) => /^[0-9A-F]{40}$/.test(normalizeThumbprint(v));
export const EIS_LOGIN_MESSAGE = 'Логин ЕИС: латинские буквы, цифры и знаки . _ - @';
export const isEisLogin = (v: string) => /^[\w.@-]+$/.test(v.trim());

/** A company's EIS connection settings; the password never leaves the server, only whether one is set. */
export const EisSettings = z.object({
  company_id: z.number().int(),
  /** false until someone saves the settings (the other fields are then null) */
  configured: z.boolean(),
  eis_login: z.string().nullable(),
  certificate_thumbprint: z.string().nullable(),
  password_set: z.boolean(),
  updated_at: z.string().nullable(),
});
export type EisSettings = z.infer<typeof EisSettings>;

export const EisSettingsInput = z
  .object({
    eis_login: requiredText(100).refine((v) => !v || isEisLogin(v), EIS_LOGIN_MESSAGE),
    certificate_thumbprint: z
      .string()
      .transform(normalizeThumbprint)
      .pipe(requiredText(200).refine((v) => !v || isThumbprint(v), THUMBPRINT_MESSAGE)),
    /** a new password; left out or empty keeps the stored one */
    password: z.string().max(200, 'Не более 200 символов').optional(),
    /** forget the stored password */
    clear_password: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.clear_password && v.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'Укажите новый пароль или удалите сохранённый, но не то и другое сразу',
      });
    }
  });
export type EisSettingsInput = z.input<typeof EisSettingsInput>;

const C = IdParam;
const Sub = z.object({ id: z.coerce.number().int().positive(), item_id: z.coerce.number().int().positive() });
const tags = ['companies'];

/**
 * A list row with `can_delete`: whether the delete route would take it, by its own refusal
 * (data referring to the row; the active contact while there are others).
 */
const deletable = <S extends z.ZodRawShape>(item: z.ZodObject<S>) => item.extend({ can_delete: z.boolean() });

function crud<I extends z.ZodType, O extends z.ZodType, LI extends z.ZodType, L extends z.ZodType>(
  name: string,
  item: O,
  /** the list's row: the item with `can_delete` (deletable below) */
  listItem: LI,
  input: I,
  list: L,
  what: string,
  write: Permission,
) {
  return {
    list: defineRoute({
      method: 'GET',
      path: `/api/companies/:id/${name}`,
      summary: `List ${what}`,
      tags,
      company: 'id',
      permission: 'company.read',
      params: C,
      query: list,
      response: { 200: pageOf(listItem) },
    }),
    create: defineRoute({
      method: 'POST',
      path: `/api/companies/:id/${name}`,
      summary: `Create ${what}`,
      tags,
      company: 'id',
      permission: write,
      params: C,
      body: input,
      response: { 201: item },
    }),
    update: defineRoute({
      method: 'PUT',
      path: `/api/companies/:id/${name}/:item_id`,
      summary: `Update ${what}`,
      tags,
      company: 'id',
      permission: write,
      params: Sub,
      body: input,
      response: { 200: item },
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `/api/companies/:id/${name}/:item_id`,
      summary: `Delete ${what}`,
      tags,
      company: 'id',
      permission: write,
      params: Sub,
      response: { 204: z.null() },
    }),
  };
}

export const companyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/companies',
    summary: 'Companies the caller may see',
    tags,
    query: CompanyListQuery,
    response: { 200: pageOf(Company) },
  }),
  my: defineRoute({
    method: 'GET',
    path: '/api/companies/my',
    summary:
      'Companies the caller may act for, with whether each holds data (contracts, procurements, plans)',
    tags,
    response: {
      200: z.array(z.object({ id: z.number().int(), title: z.string().nullable(), has_data: z.boolean() })),
    },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/companies/:id',
    summary: 'One company',
    tags,
    company: 'id',
    permission: 'company.read',
    params: C,
    response: { 200: Company },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/companies',
    summary: 'Create a company (staff)',
    tags,
    body: CompanyInput,
    response: { 201: Company },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/companies/:id',
    summary: 'Update a company',
    tags,
    company: 'id',
    permission: 'company.update',
    params: C,
    body: CompanyUpdate,
    response: { 200: Company },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/companies/:id',
    summary: 'Delete a company without data (admin)',
    tags,
    company: 'id',
    permission: 'company.delete',
    params: C,
    response: { 204: z.null() },
  }),
  activeContact: defineRoute({
    method: 'GET',
    path: '/api/companies/:id/active_contact',
    summary: 'Active contact',
    tags,
    company: 'id',
    permission: 'company.read',
    params: C,
    response: { 200: Contact.nullable() },
  }),
  permissions: defineRoute({
    method: 'GET',
    path: '/api/companies/:id/permissions',
    summary: 'Permissions of the caller in the company',
    tags,
    company: 'id',
    params: C,
    response: { 200: z.array(z.enum(PERMISSIONS)) },
  }),
  users: defineRoute({
    method: 'GET',
    path: '/api/companies/:id/users',
    summary: 'Users of the company',
    tags,
    company: 'id',
    permission: 'users.read',
    params: C,
    query: PageQuery,
    response: { 200: pageOf(CompanyUser) },
  }),
  eisSettings: {
    get: defineRoute({
      method: 'GET',
      path: '/api/companies/:id/eis_settings',
      summary: 'EIS connection settings of the company (the password only as password_set)',
      tags,
      company: 'id',
      permission: 'eis.settings',
      params: C,
      response: { 200: EisSettings },
    }),
    update: defineRoute({
      method: 'PUT',
      path: '/api/companies/:id/eis_settings',
      summary: 'Save the EIS connection settings of the company',
      tags,
      company: 'id',
      permission: 'eis.settings',
      params: C,
      body: EisSettingsInput,
      response: { 200: EisSettings },
    }),
  },
  contacts: crud(
    'contacts',
    Contact,
    deletable(Contact),
    ContactInput,
    ContactListQuery,
    'contacts',
    'contacts.write',
  ),
  bank: crud(
    'bank_requesits',
    BankRequisite,
    deletable(BankRequisite),
    BankRequisiteInput,
    PageQuery,
    'bank requisites',
    'bank.write',
  ),
  customers: crud(
    'customers',
    Customer,
    deletable(Customer),
    CustomerInput,
    PageQuery.extend({ title: z.string().trim().optional(), inn: z.string().trim().optional() }),
    'customers',
    'customers.write',
  ),
};
