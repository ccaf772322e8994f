import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { ROLES } from '../roles.js';
import { PASSWORD_MIN, passwordProblem } from '../validators/password.js';
import { checkInn, checkKpp } from '../validators/requisites.js';
import { email, requiredText } from './common.js';

export { PASSWORD_MIN };
/** A new password: length, not repeated, not a sequence, not a common one (validators/password.ts). */
export const password = z.string().superRefine((v, ctx) => {
  const problem = passwordProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * Adds the check that the password field neither equals nor contains the login field (a body
 * with both: registration, reset, a user made by staff).
 */
export function passwordNotLogin(passwordField: string, loginField = 'login') {
  return (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const value = body[passwordField];
    const login = body[loginField];
    if (typeof value !== 'string' || typeof login !== 'string') return;
    // the other problems are the field's own issue already
    if (passwordProblem(value) !== null) return;
    const problem = passwordProblem(value, login);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [passwordField] });
  };
}

export const SessionUser = z.object({
  id: z.number().int(),
  title: z.string(),
  login: z.string(),
  role: z.enum(ROLES),
  company_id: z.number().int().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const CompanyRef = z.object({ id: z.number().int(), title: z.string().nullable() });
export type CompanyRef = z.infer<typeof CompanyRef>;

export const SessionContact = z
  .object({
    id: z.number().int(),
    full_name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .nullable();

export const SessionInfo = z.object({
  user: SessionUser,
  company: CompanyRef.nullable(),
  contact: SessionContact,
  early_access: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;
export const LoginResponse = SessionInfo.extend({ token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** A one-time code from a letter: six digits. */
const emailCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Код из письма: 6 цифр');

export const LoginBody = z.object({
  login: z.string().trim().min(1, 'Обязательное поле'),
  password: z.string().min(1, 'Обязательное поле'),
  /**
   * During the global login hold (`LoginHold` 'global'): a staff member's one-time code from the
   * letter asked for with `emailServiceRequest` purpose 'login'; it lets the login through from a
   * new address. Ignored while no hold is on.
   */
  email_code: emailCode.optional(),
});

/** Why a login was held (`details.hold` of its 429 answer). */
export const LOGIN_HOLDS = ['address', 'login', 'global'] as const;
export type LoginHold = (typeof LOGIN_HOLDS)[number];
/**
 * `details` of a held login's 429: the hold, and whether staff may pass it with an e-mailed code
 * (`login_code`: the global hold is on, and the address is not itself held).
 */
export type LoginHoldDetails = { hold: LoginHold; login_code: boolean };

const innField = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const e = checkInn(v);
    if (e) ctx.addIssue({ code: 'custom', message: e });
  });
const kppField = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .superRefine((v, ctx) => {
    const e = v ? checkKpp(v) : null;
    if (e) ctx.addIssue({ code: 'custom', message: e });
  });

export const RegisterBody = z
  .object({
    login: email,
    password,
    title: requiredText(200),
    email_code: emailCode,
    company: z.object({ title: requiredText(500), inn: innField, kpp: kppField }),
  })
  .superRefine(passwordNotLogin('password'));
export type RegisterBody = z.input<typeof RegisterBody>;

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const RegisterResponse = z.object({
  registration_number: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
});

/** What an e-mailed code is for: registering, a password reset, a staff login during the global hold. */
export const EMAIL_PURPOSES = ['register', 'reset', 'login'] as const;
export type EmailPurpose = (typeof EMAIL_PURPOSES)[number];

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Log in',
    tags: ['auth'],
    public: true,
    body: LoginBody,
    response: { 200: LoginResponse },
  }),
  session: defineRoute({
    method: 'GET',
    path: '/api/auth/session',
    summary: 'Current session',
    tags: ['auth'],
    response: { 200: SessionInfo },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Log out (revokes the token, disconnects its sockets)',
    tags: ['auth'],
    response: { 204: z.null() },
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Register (waits for approval)',
    tags: ['auth'],
    public: true,
    body: RegisterBody,
    response: { 201: RegisterResponse },
  }),
  registrationStatus: defineRoute({
    method: 'GET',
    path: '/api/auth/registrations/:number',
    summary: 'Status of a registration request',
    tags: ['auth'],
    public: true,
    params: z.object({ number: z.string() }),
    response: { 200: RegisterResponse },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/auth/password',
    summary: 'Change own password',
    tags: ['auth'],
    body: z.object({ current_password: z.string().min(1, 'Обязательное поле'), new_password: password }),
    response: { 204: z.null() },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/password/reset',
    summary: 'Reset password with an e-mail code',
    tags: ['auth'],
    public: true,
    body: z
      .object({
        login: email,
        email_code: emailCode,
        new_password: password,
      })
      .superRefine(passwordNotLogin('new_password')),
    response: { 204: z.null() },
  }),
};
