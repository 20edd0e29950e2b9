import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import ptCommon from '../../public/locales/pt/common.json';
import { RetryingBackend } from './i18n-backend.ts';
import { languageOptions, toLanguage } from './language.ts';

export const i18n = i18next.createInstance();

/**
 * Namespaces loaded at start; features load theirs with useTranslation(ns) (the router starts a
 * screen's namespaces with its code). The shell only needs 'common'.
 */
export const NAMESPACES = ['common'] as const;

function setHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(lng);
}

let started: Promise<unknown> | null = null;

/**
 * Translations come from /app/locales/{lng}/{ns}.json, with the Portuguese ones bundled as a fallback
 * (lib/i18n-backend.ts); the 'errors' namespace is the contracts' message catalogue, added by the
 * screens that use it (lib/error-texts.ts). Portuguese 'common' (the shell's texts, 1.5 KB
 * gzip) is bundled outright: the first language needs no file read before the first paint, while
 * English stays a file read on demand.
 */
export function initI18n(): Promise<unknown> {
  started ??= (() => {
    i18n.on('languageChanged', setHtmlLang);
    return i18n
      .use(RetryingBackend)
      .use(LanguageDetector)
      .use(initReactI18next)
      .init({
        ...languageOptions,
        ns: [...NAMESPACES],
        defaultNS: 'common',
        fallbackNS: 'common',
        partialBundledLanguages: true,
        resources: { pt: { common: ptCommon } },
        // docs/product.md §4: 5 retries from 350 ms, doubling (done by the backend, so i18next's own
        // connector must not retry again), at most 10 reads in parallel.
        backend: { loadPath: '/app/locales/{{lng}}/{{ns}}.json', retries: 5, retryDelayMs: 350 },
        maxRetries: 0,
        maxParallelReads: 10,
        interpolation: { escapeValue: false },
        react: { useSuspense: true },
        // In development a missing key is loud, so it never reaches a screen unnoticed.
        saveMissing: import.meta.env.DEV,
        missingKeyHandler: (lngs, ns, key) => {
          console.error(`Missing translation: ${ns}:${key} (${lngs.join(', ')})`);
        },
      });
  })();
  return started;
}

export function currentLanguage() {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}
