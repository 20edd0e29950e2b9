import { NavLink, Stack, Text, Title } from '@mantine/core';
import { hasAccess } from '@manto/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '#components/loading-screen.tsx';
import { useAuth } from '#lib/auth-store.ts';
import { enabledFeatures } from '#lib/features.ts';
import { SISTEMA_SECTIONS, isSectionActive } from './sections.ts';
import classes from './sistema-layout.module.css';

/**
 * Sistema's frame: title, the side menu (a scrollable row of links on phones) with
 * only the sections the user's roles may open and the server runs, and the section itself.
 */
export function SistemaLayout() {
  const { t } = useTranslation('sistema');
  const { pathname } = useLocation();
  const auth = useAuth();
  const features = enabledFeatures();
  const sections = SISTEMA_SECTIONS.filter(
    (section) =>
      hasAccess(section.access, auth.user?.roles ?? null) && (!('feature' in section) || features.has(section.feature)),
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('layout.title')}
        </Title>
        <Text c="dimmed">{t('layout.subtitle')}</Text>
      </div>
      <div className={classes.layout}>
        <nav aria-label={t('layout.menu')} className={classes.menu}>
          {sections.map((section) => {
            const active = isSectionActive(section, pathname);
            return (
              <NavLink
                key={section.key}
                component={Link}
                to={section.to}
                label={t(`nav.${section.key}`)}
                leftSection={<section.icon size={18} stroke={1.8} aria-hidden />}
                active={active}
                aria-current={active ? 'page' : undefined}
                variant="light"
                className={classes.link}
              />
            );
          })}
        </nav>
        <div className={classes.content}>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </Stack>
  );
}
