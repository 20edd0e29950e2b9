import { queryOptions } from '@tanstack/react-query';
import { meKeys } from '#api/keys.ts';
import { api } from '#lib/api.ts';
import { later } from '#lib/later-schemas.ts';

export { profileQuery } from './profile-query.ts';

/** Query keys go from general to specific; mutations invalidate through these. */
export const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
  terms: (language: string) => ['terms', 'current', language] as const,
  privacy: () => ['privacy'] as const,
  me: () => meKeys.all,
};

// Their schemas named, not imported: the terms and privacy pages, drawn by the server, do not load zod
// before they have settled (lib/later-schemas.ts).
const getSocialProviders = () => api.request('/auth/providers', { schema: later('socialProvidersResponse') });
const getCurrentTerms = () => api.request('/terms/current', { schema: later('termsResponse') });
/** The privacy page's configured figures (the retention of where votes came from). */
const getPrivacyFacts = () => api.request('/privacy', { schema: later('privacyResponse') });

export const providersQuery = () => queryOptions({ queryKey: authKeys.providers(), queryFn: getSocialProviders });

/** Terms are localised by Accept-Language, so the language is part of the key. */
export const termsQuery = (language: string) =>
  queryOptions({ queryKey: authKeys.terms(language), queryFn: getCurrentTerms });

/** The same for every visitor and language: the server's configuration. */
export const privacyQuery = () =>
  queryOptions({ queryKey: authKeys.privacy(), queryFn: getPrivacyFacts, staleTime: 5 * 60_000 });
