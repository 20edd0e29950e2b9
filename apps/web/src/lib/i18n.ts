import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import ptCommon from '../../public/locales/pt/common.json';
import { RetryingBackend } from './i18n-backend.ts';
import { languageOptions, toLanguage } from './language.ts';
import { numberFormat } from './intl-format.ts';

export const i18n = i18next.createInstance();

/**
 * Namespaces loaded at start; features load theirs with useTranslation(ns) (the router starts a
 * screen's namespaces with its code). The shell only needs 'common'.
 */
export const NAMESPACES = ['common'] as const;

function setHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(lng);
}

/** The options of Intl.NumberFormat a `{{value, number(…)}}` may set. */
const NUMBER_OPTIONS = [
  'style',
  'currency',
  'currencyDisplay',
  'unit',
  'unitDisplay',
  'notation',
  'compactDisplay',
  'signDisplay',
  'useGrouping',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
] as const;

/**
 * i18next's `number` format keeps its Intl.NumberFormat per language and *every* option of the t()
 * call, the count among them: each distinct count built a formatter (≈ 55 ms of a ranking page's
 * load on Lighthouse's phone, docs/perf/first-screen.md). This one keys on the Intl options alone,
 * through the app's shared formatters (lib/intl-format.ts).
 */
export function shareNumberFormats(instance: typeof i18n): void {
  instance.services.formatter?.add(
    'number',
    (value: unknown, lng: string | undefined, options: Record<string, unknown>) => {
      const picked: Record<string, unknown> = {};
      for (const key of NUMBER_OPTIONS) if (options[key] !== undefined) picked[key] = options[key];
      return numberFormat(lng ?? 'pt', picked as Intl.NumberFormatOptions).format(value as number);
    },
  );
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
    const ready = i18n
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
    shareNumberFormats(i18n);
    return ready;
  })();
  return started;
}

export function currentLanguage() {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}
