import { useTranslation } from 'react-i18next';
import { intlLocale } from '../lib/format.ts';

/** The Intl locale of the current interface language. */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return intlLocale(i18n.resolvedLanguage ?? i18n.language);
}
