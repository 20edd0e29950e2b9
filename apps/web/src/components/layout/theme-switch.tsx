import { ActionIcon, useComputedColorScheme, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
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
  const computed = useComputedColorScheme('light');
  const Icon = computed === 'dark' ? IconMoon : IconSun;
  return (
    <DeferredMenu
      name="theme"
      position="bottom-end"
      target={
        <ActionIcon variant="default" size="lg" aria-label={t('theme.label')}>
          <Icon size={18} stroke={1.6} />
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
