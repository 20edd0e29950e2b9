import { Button } from '@mantine/core';
import type { FollowKind } from '@manto/contracts';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isAuthenticated, useAuth } from '#lib/auth-store.ts';
import { memberFollowLoader } from '#lib/member-follow.ts';
import type { FromState } from './route-guard.tsx';

// A member's follow state and its writes load only for members, after the page (drawn for a visitor) is taken
// over: a visitor's first screen carries neither the contracts nor zod.
const MemberFollow = lazy(() => (memberFollowLoader() ?? withoutToggle)());
/** Where the app handed over no toggle (a screen rendered alone): nothing to show a member. */
const withoutToggle = () => Promise.resolve({ default: () => null });

/**
 * "Seguir" a team, a jersey or a tournament (docs/notifications.md §1). A visitor is taken to sign in and
 * brought back; a member toggles it.
 */
export function FollowButton({ kind, id, name }: { kind: FollowKind; id: string; name: string }) {
  const { t } = useTranslation('common');
  const signedIn = isAuthenticated(useAuth());
  const location = useLocation();
  const visitor = (
    <Button
      component={Link}
      to="/auth/login"
      state={
        { from: { pathname: location.pathname, search: location.search, hash: location.hash } } satisfies FromState
      }
      variant="light"
      size="xs"
      leftSection={<IconBell size={16} aria-hidden />}
      aria-label={t('follow.label', { name })}
    >
      {t('follow.follow')}
    </Button>
  );
  if (!signedIn) return visitor;
  return (
    <Suspense fallback={visitor}>
      <MemberFollow kind={kind} id={id} name={name} />
    </Suspense>
  );
}
