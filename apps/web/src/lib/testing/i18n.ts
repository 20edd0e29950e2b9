import { messages } from '@manto/contracts';
import type { Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18n, shareNumberFormats } from '../i18n.ts';

// The real locale files, bundled for the tests (the app reads them over HTTP).
const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function resources(): Resource {
  const all: Resource = { pt: { errors: messages.pt }, en: { errors: messages.en } };
  for (const [path, bundle] of Object.entries(files)) {
    const [, language, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    if (language && namespace) all[language] = { ...all[language], [namespace]: bundle };
  }
  return all;
}

/** Starts the app's i18next instance with every namespace of the real locale files. */
export function initTestI18n(language: 'pt' | 'en' = 'pt') {
  const ready = i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'pt',
    resources: resources(),
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  shareNumberFormats(i18n);
  return ready;
}
