import { ActionIcon, Box, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '../deferred-menu.tsx';

const OPTIONS: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'theme.light', icon: IconSun },
  { value: 'dark', label: 'theme.dark', icon: IconMoon },
  { value: 'auto', label: 'theme.system', icon: IconDeviceDesktop },
];

/** Light, dark or the system's scheme; Mantine stores the choice under 'manto-color-scheme'. */
export function ThemeSwitch() {
  const { t } = useTranslation('common');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <DeferredMenu
      name="theme"
      position="bottom-end"
      target={
        <ActionIcon variant="default" size="lg" aria-label={t('theme.label')}>
          {/* Both drawn, the scheme's CSS shows one: the same markup whatever the scheme, so a page drawn
              by the server (which cannot know it) needs no change when the browser takes over. */}
          <Box component={IconSun} size={18} stroke={1.6} darkHidden />
          <Box component={IconMoon} size={18} stroke={1.6} lightHidden />
        </ActionIcon>
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>{t('theme.label')}</Menu.Label>
          <Menu.RadioGroup value={colorScheme} onChange={(value) => setColorScheme(value as MantineColorScheme)}>
            {OPTIONS.map((option) => (
              <Menu.RadioItem
                key={option.value}
                value={option.value}
                closeMenuOnClick
                rightSection={<option.icon size={16} stroke={1.6} aria-hidden />}
              >
                {t(option.label)}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </>
      )}
    </DeferredMenu>
  );
}
