import {
  loginResponse,
  messageResponse,
  profile,
  type EmailBody,
  type LoginBody,
  type LoginResponse,
  type RegisterBody,
  type ResetPasswordBody,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type UpdateProfileBody,
  type SessionUser,
  type TermsAcceptInput,
  type Tokens,
} from '@manto/contracts';
import { api } from '#lib/api.ts';

export const login = (body: LoginBody) => api.request('/auth/login', { method: 'POST', body, schema: loginResponse });

export const register = (body: RegisterBody) =>
  api.request('/auth/register', { method: 'POST', body, schema: messageResponse });

export const confirmEmail = (query: { userId: string; token: string }) =>
  api.request('/auth/confirm-email', { query, schema: loginResponse });

export const resendConfirmation = (body: EmailBody) =>
  api.request('/auth/resend-confirmation', { method: 'POST', body, schema: messageResponse });

export const forgotPassword = (body: EmailBody) =>
  api.request('/auth/forgot-password', { method: 'POST', body, schema: messageResponse });

export const resetPassword = (body: ResetPasswordBody) =>
  api.request('/auth/reset-password', { method: 'POST', body, schema: messageResponse });

export const exchangeSocialCode = (code: string) =>
  api.request('/auth/social/exchange', { method: 'POST', body: { code }, schema: loginResponse });

export const getProfile = () => api.authorized('/me', { schema: profile });

export const updateProfile = (body: UpdateProfileBody) =>
  api.authorized('/me', { method: 'PATCH', body, schema: profile });

/** Deletes the signed-in member's own account (LGPD); the session ends with it. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api.authorized('/me', { method: 'DELETE', body, schema: messageResponse });

export const changePassword = (body: ChangePasswordBody) =>
  api.authorized('/me/password', { method: 'POST', body, schema: messageResponse });

/** The social sign-in start URL: a full page navigation to the API (docs/product.md: login screen). */
export const socialStartUrl = (provider: string, redirectTo: string) =>
  `/api/auth/social/${encodeURIComponent(provider)}/start?redirectTo=${encodeURIComponent(redirectTo)}`;

/** Splits the flat login body (contracts' loginResponse) into the stored user and tokens. */
export function splitSession(body: LoginResponse): { user: SessionUser; tokens: Tokens } {
  const { email, name, team, roles, accessToken, refreshToken, expiresAt } = body;
  return { user: { email, name, team, roles }, tokens: { accessToken, refreshToken, expiresAt } };
}

/** Accepts the terms version the member was shown; 409 TERMS_OUTDATED when a newer one was published meanwhile. */
export const acceptTerms = (version: number) =>
  api.authorized('/me/terms', { method: 'POST', body: { version } satisfies TermsAcceptInput, schema: profile });
