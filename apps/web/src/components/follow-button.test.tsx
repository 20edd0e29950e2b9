import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { provideMemberFollow } from '#lib/member-follow.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { FollowButton } from './follow-button.tsx';

beforeAll(() => {
  initTestI18n('pt');
  // As the app's router hands it over.
  provideMemberFollow(() =>
    import('../features/notifications/components/member-follow.tsx').then((m) => ({ default: m.MemberFollow })),
  );
});

describe('FollowButton', () => {
  it('takes a visitor to sign in', () => {
    const sent = fakeServer(() => json(500, {}));
    renderScreen(<FollowButton kind="team" id="t1" name="Aurora FC" />);
    expect(screen.getByRole('link', { name: 'Seguir Aurora FC' }).getAttribute('href')).toBe('/auth/login');
    expect(sent).toHaveLength(0);
  });

  it('lets a member follow and stop following', async () => {
    let following = false;
    const sent = fakeServer((r) => {
      if (r.path === '/api/me/follows')
        return json(200, {
          items: following
            ? [
                {
                  kind: 'team',
                  id: 't1',
                  since: '2026-11-28T00:00:00.000Z',
                  team: null,
                  jersey: null,
                  tournament: null,
                },
              ]
            : [],
        });
      following = r.method === 'PUT';
      return json(200, { following });
    });
    renderScreen(<FollowButton kind="team" id="t1" name="Aurora FC" />, { signedIn: {} });
    const button = await screen.findByRole('button', { name: 'Seguir Aurora FC', pressed: false });
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(false));
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Seguir Aurora FC', pressed: true })).toBeTruthy();
    expect(sent.some((r) => r.method === 'PUT' && r.path === '/api/me/follows/team/t1')).toBe(true);
    await userEvent.click(screen.getByRole('button', { pressed: true }));
    expect(await screen.findByRole('button', { name: 'Seguir Aurora FC', pressed: false })).toBeTruthy();
  });
});
