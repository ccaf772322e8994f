import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { PERMISSIONS, ROLES } from '../roles.js';
import { password, passwordNotLogin } from './auth.js';
import { email, IdParam, PageQuery, pageOf, requiredText } from './common.js';

export const USER_STATUSES = ['pending', 'active', 'blocked', 'rejected'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const Membership = z.object({
  company_id: z.number().int(),
  company_title: z.string().nullable(),
  permissions: z.array(z.enum(PERMISSIONS)).nullable(),
});

export const User = z.object({
  id: z.number().int(),
  title: z.string(),
  login: z.string(),
  role: z.enum(ROLES),
  company_id: z.number().int().nullable(),
  company_title: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  registration_number: z.string().nullable(),
  early_access: z.boolean(),
  created_at: z.string(),
  memberships: z.array(Membership),
});
export type User = z.infer<typeof User>;

export const UserListQuery = PageQuery.extend({
  status: z.enum(USER_STATUSES).optional(),
  role: z.enum(ROLES).optional(),
  company_id: z.coerce.number().int().positive().optional(),
  q: z.string().trim().optional(),
});

export const UserCreate = z
  .object({
    login: email,
    password,
    title: requiredText(200),
    role: z.enum(ROLES),
    company_id: z.number().int().positive(),
    memberships: z
      .array(
        z.object({
          company_id: z.number().int().positive(),
          permissions: z.array(z.enum(PERMISSIONS)).nullish(),
        }),
      )
      .default([]),
  })
  .superRefine(passwordNotLogin('password'));
export const UserUpdate = z.object({
  title: requiredText(200).optional(),
  role: z.enum(ROLES).optional(),
  company_id: z.number().int().positive().optional(),
  early_access: z.boolean().optional(),
  memberships: z
    .array(
      z.object({
        company_id: z.number().int().positive(),
        permissions: z.array(z.enum(PERMISSIONS)).nullish(),
      }),
    )
    .optional(),
});

const tags = ['users'];
const action = (name: string, summary: string) =>
  defineRoute({
    method: 'POST',
    path: `/api/users/:id/${name}`,
    summary,
    tags,
    params: IdParam,
    response: { 200: User },
  });

export const userRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/users',
    summary: 'Users (staff)',
    tags,
    query: UserListQuery,
    response: { 200: pageOf(User) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/users/:id',
    summary: 'One user (staff)',
    tags,
    params: IdParam,
    response: { 200: User },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/users',
    summary: 'Create a user (staff)',
    tags,
    body: UserCreate,
    response: { 201: User },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/users/:id',
    summary: 'Update a user (staff; role by admin only)',
    tags,
    params: IdParam,
    body: UserUpdate,
    response: { 200: User },
  }),
  approve: action('approve', 'Approve a registration'),
  reject: action('reject', 'Reject a registration'),
  block: action('block', 'Block a user'),
  unblock: action('unblock', 'Unblock a user'),
};
