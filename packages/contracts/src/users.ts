import { z } from 'zod';
import { PAGE_SIZE_MAX, paged } from './catalogue.ts';
import { ROLES } from './roles.ts';

/**
 * Users as Admins manage them in Sistema (/sistema/usuarios): search, filters, roles, deactivation
 * and the confirmation mail. Never a password hash or a token.
 */
export const USER_ROLE_FILTERS = ['Admin', 'Moderator', 'none'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];
export const USER_MANAGE_SORTS = ['name', '-name', 'created', '-created'] as const;
export type UserManageSort = (typeof USER_MANAGE_SORTS)[number];

/** 'true' or 'false' in a query string. */
const flag = z.enum(['true', 'false'], { error: 'oneOf' }).transform((v) => v === 'true');

export const manageUserQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  role: z.enum(USER_ROLE_FILTERS, { error: 'oneOf' }).optional(),
  active: flag.optional(),
  confirmed: flag.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
  sort: z.enum(USER_MANAGE_SORTS, { error: 'oneOf' }).optional(),
});
export type ManageUserQuery = z.infer<typeof manageUserQuery>;

export const manageUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
});
export type ManageUser = z.infer<typeof manageUser>;
export const manageUserList = paged(manageUser);
export type ManageUserList = z.infer<typeof manageUserList>;

/** One user's detail: the profile too, and how many sessions are live now. */
export const manageUserDetail = manageUser.extend({
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  gender: z.string().nullable(),
  favouriteTeam: z.string().nullable(),
  language: z.string(),
  activeSessions: z.number().int(),
});
export type ManageUserDetail = z.infer<typeof manageUserDetail>;

/** The user's whole role list (an empty list: a plain member). */
export const userRolesInput = z.strictObject({
  roles: z.array(z.enum(ROLES, { error: 'oneOf' })).max(ROLES.length, { error: 'tooMany' }),
});
export type UserRolesInput = z.infer<typeof userRolesInput>;

export const userActiveInput = z.strictObject({ active: z.boolean() });
export type UserActiveInput = z.infer<typeof userActiveInput>;
