import { Burger, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconShirtSport } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { hasAccess } from '@manto/contracts/roles';
import { isAuthenticated, useAuth } from '#lib/auth-store.ts';
import { useLatch } from '#lib/use-latch.ts';
import { shopEnabled } from '#lib/features.ts';
import { DeferredMenu } from '../deferred-menu.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { SearchButton } from './search-button.tsx';
import {
  jerseysLink,
  shopLink,
  sistemaLink,
  tournamentsLink,
  MENU_CLOSE_DELAY,
  MENU_OPEN_DELAY,
  navGroups,
} from './nav-items.ts';
import { ThemeSwitch } from './theme-switch.tsx';
import { UserMenu } from './user-menu.tsx';
import classes from './app-header.module.css';

// The phone menu (a Drawer: modal, focus trap, scroll lock) loads when the burger is first
// touched, not with the first screen (docs/performance.md, initial JS budget).
const loadNavDrawer = () => import('./nav-drawer.tsx');
const NavDrawer = lazy(() => loadNavDrawer().then((m) => ({ default: m.NavDrawer })));

/** The Sistema link shows only for signed-in admins and moderators (docs/product.md §6). */
export function useShowsSistema(): boolean {
  const auth = useAuth();
  return isAuthenticated(auth) && hasAccess('moderator', auth.user?.roles ?? null);
}

/** `memberActions`: what the app adds for a signed-in member (the notifications' bell), before the account menu. */
export function AppHeader({ memberActions }: { memberActions?: ReactNode } = {}) {
  const { t } = useTranslation('common');
  const [drawerOpened, drawer] = useDisclosure(false);
  const showsSistema = useShowsSistema();
  const showsShop = shopEnabled();
  const { pathname } = useLocation();
  const drawerWanted = useLatch(drawerOpened);

  // A navigation closes the drawer.
  useEffect(() => {
    drawer.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on path change
  }, [pathname]);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Link to="/" className={classes.brand} aria-label={t('brand.home')}>
          <span className={classes.brandMark} aria-hidden>
            <IconShirtSport size={20} stroke={1.8} />
          </span>
          <span>{t('brand.name')}</span>
        </Link>

        <nav className={classes.nav} aria-label={t('nav.label')}>
          {navGroups.map((group) => (
            <DeferredMenu
              key={group.label}
              name={group.label}
              trigger="click-hover"
              openDelay={MENU_OPEN_DELAY}
              closeDelay={MENU_CLOSE_DELAY}
              position="bottom-start"
              offset={4}
              target={
                <button type="button" className={classes.link}>
                  {t(group.label)}
                  <IconChevronDown size={14} stroke={1.8} aria-hidden />
                </button>
              }
            >
              {(Menu) =>
                group.items.map((item) => (
                  <Menu.Item key={item.to} component={Link} to={item.to}>
                    {t(item.label)}
                  </Menu.Item>
                ))
              }
            </DeferredMenu>
          ))}
          <NavLink
            to={jerseysLink.to}
            className={classes.link}
            data-active={pathname.startsWith('/camisas') || undefined}
          >
            {t(jerseysLink.label)}
          </NavLink>
          <NavLink
            to={tournamentsLink.to}
            className={classes.link}
            data-active={pathname.startsWith('/torneios') || undefined}
          >
            {t(tournamentsLink.label)}
          </NavLink>
          {showsShop && (
            <NavLink to={shopLink.to} className={classes.link} data-active={pathname.startsWith('/loja') || undefined}>
              {t(shopLink.label)}
            </NavLink>
          )}
          {showsSistema && (
            <NavLink
              to={sistemaLink.to}
              className={classes.link}
              data-active={pathname.startsWith('/sistema') || undefined}
            >
              {t(sistemaLink.label)}
            </NavLink>
          )}
        </nav>

        <div className={classes.actions}>
          <SearchButton />
          <LanguageSwitch />
          <ThemeSwitch />
          {memberActions}
          <span className={classes.desktopOnly}>
            <UserMenu />
          </span>
          <Burger
            className={classes.mobileOnly}
            opened={drawerOpened}
            onClick={drawer.toggle}
            onPointerDown={() => void loadNavDrawer()}
            size="sm"
            aria-label={t('nav.menu')}
            aria-expanded={drawerOpened}
          />
        </div>
      </Container>
      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={drawer.close} showsSistema={showsSistema} showsShop={showsShop} />
        </Suspense>
      )}
    </header>
  );
}
