import { Button, type Menu as MantineMenu } from '@mantine/core';
import { IconBrandFacebook, IconBrandWhatsapp, IconBrandX, IconLink, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { DeferredMenu } from './deferred-menu.tsx';

interface ShareButtonProps {
  /** The app path to share (`/camisas/time/flamengo/2024-titular`): the link fans open. */
  path: string;
  /** What the message says before the link ("Flamengo 2024 · Titular no Manto"). */
  text: string;
  /** Names the button for screen readers when several share different things on one screen. */
  label?: string;
  size?: 'xs' | 'sm';
}

/** The absolute address of an app path, as a friend opens it. */
export const shareUrl = (path: string) => new URL(`/app${path}`, window.location.origin).toString();

/** Where the system's share sheet exists (phones, some desktops): one tap, the fan picks the app. */
const canShareNatively = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * "Compartilhar": the system's share sheet where there is one (the Web Share API: WhatsApp, Instagram,
 * messages… as the phone offers them); elsewhere a menu with copy link, WhatsApp, X and Facebook. Each
 * shared page unfurls with its own title and picture (the server writes them into the page).
 */
export function ShareButton({ path, text, label, size = 'xs' }: ShareButtonProps) {
  const { t } = useTranslation('common');
  const button = (onClick?: () => void) => (
    <Button
      variant="light"
      size={size}
      leftSection={<IconShare size={16} aria-hidden />}
      aria-label={label}
      onClick={onClick}
    >
      {t('share.button')}
    </Button>
  );

  if (canShareNatively())
    return button(() => {
      navigator.share({ title: text, text, url: shareUrl(path) }).catch((error: unknown) => {
        // Closing the sheet is not a failure.
        if (!(error instanceof DOMException && error.name === 'AbortError')) notifyError(t('share.failed'));
      });
    });

  /** The menu's items, made when it opens (the address is the browser's: never on the server). */
  const items = (Menu: typeof MantineMenu) => {
    const url = shareUrl(path);
    const links = [
      { key: 'whatsapp', icon: IconBrandWhatsapp, href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
      {
        key: 'x',
        icon: IconBrandX,
        href: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
      },
      {
        key: 'facebook',
        icon: IconBrandFacebook,
        href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
      },
    ] as const;
    const copy = () =>
      navigator.clipboard.writeText(url).then(
        () => notifySuccess(t('share.copied')),
        () => notifyError(t('share.failed')),
      );
    return (
      <>
        <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={() => void copy()}>
          {t('share.copy')}
        </Menu.Item>
        {links.map(({ key, icon: Icon, href }) => (
          <Menu.Item
            key={key}
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<Icon size={16} aria-hidden />}
          >
            {t(`share.${key}`)}
          </Menu.Item>
        ))}
      </>
    );
  };

  return (
    <DeferredMenu position="bottom-end" target={button()}>
      {items}
    </DeferredMenu>
  );
}
