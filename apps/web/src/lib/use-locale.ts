import { useTranslation } from 'react-i18next';
import { localeOf } from './language.ts';

/** The Intl locale of the current interface language; re-renders when the language changes. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return localeOf(i18n.resolvedLanguage ?? i18n.language);
}
