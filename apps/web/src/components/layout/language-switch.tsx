import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@manto/contracts';
import { SUPPORTED_LANGUAGES, toLanguage } from '#lib/language.ts';
import { DeferredMenu } from '../deferred-menu.tsx';

/** Each language is named in itself, so it is found whatever the current language. */
const NAMES: Record<Language, string> = { pt: 'Português', en: 'English' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <DeferredMenu
      name="language"
      position="bottom-end"
      target={
        <Button
          variant="default"
          size="compact-md"
          h={34}
          px={8}
          leftSection={<IconLanguage size={18} stroke={1.6} />}
          // The visible code is part of the name (WCAG 2.5.3 label in name): "Idioma (PT)".
          aria-label={`${t('language.label')} (${current.toUpperCase()})`}
        >
          {current.toUpperCase()}
        </Button>
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>{t('language.label')}</Menu.Label>
          <Menu.RadioGroup value={current} onChange={(lng) => void i18n.changeLanguage(lng)}>
            {SUPPORTED_LANGUAGES.map((lng) => (
              <Menu.RadioItem key={lng} value={lng} lang={lng} closeMenuOnClick>
                {NAMES[lng]}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </>
      )}
    </DeferredMenu>
  );
}
