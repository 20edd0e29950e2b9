import { z } from 'zod';
import { email, password, requiredText } from './validation.ts';

export const GENDERS = ['female', 'male', 'non_binary', 'prefer_not_to_say'] as const;
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

const samePasswords = <T extends { password: string; confirmPassword: string }>(v: T) =>
  v.password === v.confirmPassword;
const mismatch = { path: ['confirmPassword'], message: 'passwordsDoNotMatch' };

export const loginBody = z.strictObject({
  email,
  password: z.string().min(1).max(1024),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const tokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** The access token's expiry, ISO 8601 UTC. */
  expiresAt: z.string(),
});
export type Tokens = z.infer<typeof tokens>;

export const sessionUser = z.object({
  email: z.string(),
  name: z.string(),
  /** Favourite team's name, or null. */
  team: z.string().nullable(),
  roles: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** The flat body of login, email confirmation and social sign-in. */
export const loginResponse = sessionUser.extend(tokens.shape);
export type LoginResponse = z.infer<typeof loginResponse>;

const profileFields = {
  name: requiredText(100),
  city: requiredText(100),
  state: requiredText(100),
  country: requiredText(100),
  gender: z.enum(GENDERS),
  /** Favourite team slug. */
  favouriteTeam: z.string().trim().min(1).max(120),
};

export const registerBody = z
  .strictObject({
    ...profileFields,
    email,
    password,
    confirmPassword: z.string().min(1).max(1024),
    acceptTerms: z.boolean().refine((v) => v, 'mustAcceptTerms'),
  })
  .refine(samePasswords, mismatch);
export type RegisterBody = z.input<typeof registerBody>;

export const confirmEmailQuery = z.strictObject({
  userId: z.string().uuid(),
  token: z.string().min(1).max(200),
});

export const emailBody = z.strictObject({ email });
export type EmailBody = z.input<typeof emailBody>;

export const resetPasswordBody = z
  .strictObject({
    userId: z.string().uuid(),
    token: z.string().min(1).max(200),
    password,
    confirmPassword: z.string().min(1).max(1024),
  })
  .refine(samePasswords, mismatch);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const refreshBody = z.strictObject({ refreshToken: z.string().min(1).max(200) });

export const profile = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  favouriteTeam: z.object({ slug: z.string(), name: z.string() }).nullable(),
  language: z.enum(['pt', 'en']),
  roles: z.array(z.string()),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  /** The terms version the member last accepted (null: none yet). */
  termsVersion: z.number().int().nullable(),
  /** A newer version is published: the member must accept it before any other write. */
  termsPending: z.boolean(),
  /** The member keeps their favourite team and region out of the segment rankings (docs/segments.md). */
  segmentOptOut: z.boolean(),
});
export type Profile = z.infer<typeof profile>;

/** A jersey named as people read it, in one's own data export. */
const exportedJersey = z.object({ team: z.string(), season: z.number().int(), model: z.string() });

/**
 * Everything Manto keeps about a member, as they download it (LGPD access right): the profile, their
 * feedbacks, their votes and their collection (ADR 0042). Moderators' internal notes and hashed signals (address, network) are not
 * personal data the member gave and stay out.
 */
export const myDataExport = z.object({
  exportedAt: z.string(),
  profile,
  feedbacks: z.array(
    z.object({
      type: z.string(),
      title: z.string(),
      message: z.string(),
      status: z.string(),
      page: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  votes: z.array(
    z.object({
      answeredAt: z.string(),
      scope: z.string(),
      left: exportedJersey,
      right: exportedJersey,
      outcome: z.string(),
      skipReason: z.string().nullable(),
      counted: z.boolean(),
    }),
  ),
  /** What the member follows, by kind and id (docs/notifications.md). */
  follows: z.array(z.object({ kind: z.string(), id: z.string(), since: z.string() })),
  /** Every notification kept for them, hidden ones (past a day's limit) included. */
  notifications: z.array(
    z.object({
      kind: z.string(),
      createdAt: z.string(),
      readAt: z.string().nullable(),
      mailedAt: z.string().nullable(),
      hidden: z.boolean(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    }),
  ),
  /** The topics they chose to get by e-mail. */
  emailTopics: z.array(z.string()),
  /** "Minha coleção": the jerseys they have and want, and whether (and under which link) it is public. */
  collection: z.object({
    public: z.boolean(),
    shareId: z.string().nullable(),
    entries: z.array(
      z.object({
        kind: z.string(),
        jersey: exportedJersey,
        size: z.string().nullable(),
        targetPriceCents: z.number().int().nullable(),
        addedAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
  }),
});
export type MyDataExport = z.infer<typeof myDataExport>;

export const updateProfileBody = z
  .strictObject({
    name: profileFields.name,
    city: profileFields.city,
    state: profileFields.state,
    country: profileFields.country,
    gender: profileFields.gender,
    favouriteTeam: profileFields.favouriteTeam,
    language: z.enum(['pt', 'en']),
    segmentOptOut: z.boolean(),
  })
  .partial();
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/**
 * Deleting one's own account: the current password, or — for an account that signs in only through a
 * provider — no password and a sign-in less than RECENT_SIGN_IN_MINUTES old.
 */
export const deleteAccountBody = z.strictObject({ password: z.string().max(1024).optional() });
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
export const RECENT_SIGN_IN_MINUTES = 10;

export const changePasswordBody = z
  .strictObject({
    currentPassword: z.string().min(1).max(1024),
    password,
    confirmPassword: z.string().min(1).max(1024),
  })
  .refine(samePasswords, mismatch);
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const socialProvidersResponse = z.array(z.object({ id: z.enum(SOCIAL_PROVIDERS), available: z.boolean() }));
export type SocialProviders = z.infer<typeof socialProvidersResponse>;

export const socialExchangeBody = z.strictObject({ code: z.string().min(1).max(200) });
