import { initReactI18next } from 'react-i18next';
import { bundledTexts } from '../bundled-texts.ts';
import { i18n, shareNumberFormats } from '../i18n.ts';

/** Starts the app's i18next instance with every namespace of the real locale files. */
export function initTestI18n(language: 'pt' | 'en' = 'pt') {
  const ready = i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'pt',
    resources: bundledTexts(),
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  shareNumberFormats(i18n);
  return ready;
}
