import { ActionIcon, Avatar } from '@mantine/core';
import { IconLogin2, IconLogout, IconMessageCircle, IconUser, IconUserCircle, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAuthenticated, useAuth } from '#lib/auth-store.ts';
import { openFeedbackDialog } from '#lib/feedback-dialog.ts';
import { personInitials } from '#lib/initials.ts';
import { signOut } from '#lib/session.ts';
import { DeferredMenu } from '../deferred-menu.tsx';
import { MENU_CLOSE_DELAY, MENU_OPEN_DELAY } from './nav-items.ts';

/** Signed out: login and register. Signed in: profile and logout (docs/product.md §2). Both: send feedback. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const auth = useAuth();
  const signedIn = isAuthenticated(auth);
  return (
    <DeferredMenu
      name="account"
      trigger="click-hover"
      openDelay={MENU_OPEN_DELAY}
      closeDelay={MENU_CLOSE_DELAY}
      position="bottom-end"
      width={220}
      target={
        <ActionIcon variant={signedIn ? 'subtle' : 'default'} size="lg" radius="xl" aria-label={t('account.label')}>
          {signedIn && auth.user ? (
            <Avatar size={32} radius="xl" color="primary" variant="filled" aria-hidden>
              {personInitials(auth.user.name)}
            </Avatar>
          ) : (
            <IconUserCircle size={20} stroke={1.6} />
          )}
        </ActionIcon>
      }
    >
      {(Menu) => (
        <>
          {signedIn && auth.user ? (
            <>
              <Menu.Label>{auth.user.name}</Menu.Label>
              <Menu.Item component={Link} to="/auth/perfil" leftSection={<IconUser size={16} />}>
                {t('account.profile')}
              </Menu.Item>
              <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
                {t('account.logout')}
              </Menu.Item>
            </>
          ) : (
            <>
              <Menu.Item component={Link} to="/auth/login" leftSection={<IconLogin2 size={16} />}>
                {t('account.login')}
              </Menu.Item>
              <Menu.Item component={Link} to="/auth/registrar" leftSection={<IconUserPlus size={16} />}>
                {t('account.register')}
              </Menu.Item>
            </>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconMessageCircle size={16} />} onClick={openFeedbackDialog}>
            {t('feedback.send')}
          </Menu.Item>
        </>
      )}
    </DeferredMenu>
  );
}
