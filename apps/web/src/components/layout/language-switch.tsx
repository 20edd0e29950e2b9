import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@manto/contracts';
import { SUPPORTED_LANGUAGES, toLanguage } from '../../lib/language.ts';
import { MENU_CLOSE_DELAY, MENU_OPEN_DELAY } from './nav-items.ts';

/** Each language is named in itself, so it is found whatever the current language. */
const NAMES: Record<Language, string> = { pt: 'Português', en: 'English' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Menu trigger="click-hover" openDelay={MENU_OPEN_DELAY} closeDelay={MENU_CLOSE_DELAY} position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          size="compact-md"
          h={34}
          px={8}
          leftSection={<IconLanguage size={18} stroke={1.6} />}
          aria-label={t('language.label')}
        >
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {SUPPORTED_LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            role="menuitemradio"
            aria-checked={current === lng}
            rightSection={current === lng ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => void i18n.changeLanguage(lng)}
          >
            {NAMES[lng]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
