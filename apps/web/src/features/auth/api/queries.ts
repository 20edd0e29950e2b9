import { queryOptions } from '@tanstack/react-query';
import { meKeys } from '#api/keys.ts';
import { getCurrentTerms, getPrivacyFacts, getSocialProviders } from './auth-api.ts';

export { profileQuery } from './profile-query.ts';

/** Query keys go from general to specific; mutations invalidate through these. */
export const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
  terms: (language: string) => ['terms', 'current', language] as const,
  privacy: () => ['privacy'] as const,
  me: () => meKeys.all,
};

export const providersQuery = () => queryOptions({ queryKey: authKeys.providers(), queryFn: getSocialProviders });

/** Terms are localised by Accept-Language, so the language is part of the key. */
export const termsQuery = (language: string) =>
  queryOptions({ queryKey: authKeys.terms(language), queryFn: getCurrentTerms });

/** The same for every visitor and language: the server's configuration. */
export const privacyQuery = () =>
  queryOptions({ queryKey: authKeys.privacy(), queryFn: getPrivacyFacts, staleTime: 5 * 60_000 });
