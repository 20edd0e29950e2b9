import type { DetectorOptions } from 'i18next-browser-languagedetector';
import type { InitOptions } from 'i18next';
import { LANGUAGES, type Language } from '@manto/contracts/languages';

export const SUPPORTED_LANGUAGES: readonly Language[] = LANGUAGES;
export const FALLBACK_LANGUAGE: Language = 'pt';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/**
 * The query parameter that names a page's language in its address (`?lang=en`), read before the stored
 * choice and kept as it: the English address the server's head tags and sitemap give each page (ADR 0036).
 */
export const LANGUAGE_PARAM = 'lang';

/**
 * Spec sections 1 and 9: the stored choice first, then the browser (after the address's `?lang=`); the
 * choice is cached, in a cookie too, so the server draws a page in it (apps/api/src/lib/server-page.ts,
 * ADR 0038).
 */
export const detectionOptions: DetectorOptions = {
  // The address's `?lang=` first (LANGUAGE_PARAM): a link to a page's English address opens it in English.
  order: ['querystring', 'localStorage', 'navigator'],
  lookupQuerystring: LANGUAGE_PARAM,
  caches: ['localStorage', 'cookie'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  lookupCookie: LANGUAGE_STORAGE_KEY,
  cookieMinutes: 60 * 24 * 365,
  cookieOptions: { path: '/', sameSite: 'lax' },
  // 'en-US' → 'en', so the stored and sent language is always one we support.
  convertDetectedLanguage: (lng: string) => lng.split(/[-_]/)[0]?.toLowerCase() ?? lng,
};

/** Options shared by the app and the language tests (no backend here). */
export const languageOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  detection: detectionOptions,
} satisfies InitOptions;

/** Narrows any language tag to pt or en (pt is the fallback). */
export function toLanguage(tag: string | null | undefined): Language {
  const base = tag?.split(/[-_]/)[0]?.toLowerCase();
  return base === 'en' ? 'en' : base === 'pt' ? 'pt' : FALLBACK_LANGUAGE;
}

/** The Intl locale (dates, numbers) of an interface language: en-GB or pt-BR, the fallback. */
export function localeOf(language: string | null | undefined): string {
  return toLanguage(language) === 'en' ? 'en-GB' : 'pt-BR';
}
