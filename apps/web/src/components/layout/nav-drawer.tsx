import { Divider, Drawer, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import {
  IconBuildingStore,
  IconChartBar,
  IconLayoutDashboard,
  IconLogin2,
  IconLogout,
  IconSearch,
  IconShirtSport,
  IconSwords,
  IconTrophy,
  IconUser,
  IconUserPlus,
} from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isAuthenticated, useAuth } from '#lib/auth-store.ts';
import { openSearchDialog } from '#lib/search-dialog.ts';
import { signOut } from '#lib/session.ts';
import { jerseysLink, shopLink, sistemaLink, navGroups, tournamentsLink } from './nav-items.ts';

const GROUP_ICONS = [IconSwords, IconChartBar];

interface NavDrawerProps {
  opened: boolean;
  onClose: () => void;
  showsSistema: boolean;
  showsShop: boolean;
}

/** Up to 900px the navigation lives in a right-side drawer of size 'xs' (docs/product.md §2). */
export function NavDrawer({ opened, onClose, showsSistema, showsShop }: NavDrawerProps) {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const { pathname } = useLocation();
  const signedIn = isAuthenticated(auth);
  // The search opens once the drawer has gone: two dialogs at once would fight over the focus.
  const searchNext = useRef(false);

  const link = (to: string, label: string, icon?: ReactNode) => (
    <MantineNavLink
      key={to}
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      active={pathname === to}
      onClick={onClose}
    />
  );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title={t('nav.menu')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      onExitTransitionEnd={() => {
        if (!searchNext.current) return;
        searchNext.current = false;
        openSearchDialog();
      }}
    >
      <MantineNavLink
        component="button"
        label={t('search.label')}
        leftSection={<IconSearch size={18} stroke={1.6} />}
        onClick={() => {
          searchNext.current = true;
          onClose();
        }}
      />
      <Divider my="xs" />
      <Stack gap={4} component="nav" aria-label={t('nav.label')}>
        {navGroups.map((group, index) => {
          const Icon = GROUP_ICONS[index] ?? IconSwords;
          return (
            <div key={group.label}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm" pb={4}>
                {t(group.label)}
              </Text>
              {group.items.map((item) => link(item.to, t(item.label), <Icon size={18} stroke={1.6} />))}
            </div>
          );
        })}
        <Divider my="xs" />
        {link(jerseysLink.to, t(jerseysLink.label), <IconShirtSport size={18} stroke={1.6} />)}
        {link(tournamentsLink.to, t(tournamentsLink.label), <IconTrophy size={18} stroke={1.6} />)}
        {showsShop && link(shopLink.to, t(shopLink.label), <IconBuildingStore size={18} stroke={1.6} />)}
        {showsSistema && link(sistemaLink.to, t(sistemaLink.label), <IconLayoutDashboard size={18} stroke={1.6} />)}
        <Divider my="xs" />
        {signedIn ? (
          <>
            {auth.user && (
              <Text size="sm" fw={700} px="sm" py={4} truncate>
                {auth.user.name}
              </Text>
            )}
            {link('/auth/perfil', t('account.profile'), <IconUser size={18} stroke={1.6} />)}
            <MantineNavLink
              component="button"
              label={t('account.logout')}
              leftSection={<IconLogout size={18} stroke={1.6} />}
              onClick={() => {
                onClose();
                void signOut();
              }}
            />
          </>
        ) : (
          <>
            {link('/auth/login', t('account.login'), <IconLogin2 size={18} stroke={1.6} />)}
            {link('/auth/registrar', t('account.register'), <IconUserPlus size={18} stroke={1.6} />)}
          </>
        )}
      </Stack>
    </Drawer>
  );
}
