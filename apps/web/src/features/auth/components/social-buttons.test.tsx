import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { SocialButtons } from './social-buttons.tsx';

// The login page's social sign-in with the real pt texts; fetch plays the server's provider list.
const serve = (available: string[]) =>
  fakeServer(() =>
    json(
      200,
      ['google', 'facebook', 'apple'].map((id) => ({ id, available: available.includes(id) })),
    ),
  );

beforeAll(() => initTestI18n('pt'));

describe('SocialButtons', () => {
  it('offers only the configured providers, as links to their start', async () => {
    serve(['google', 'apple']);
    renderScreen(<SocialButtons redirectTo="/torneios" />);
    const google = await screen.findByRole('link', { name: 'Entrar com Google' });
    expect(google.getAttribute('href')).toContain('/api/auth/social/google/start');
    expect(screen.getByRole('link', { name: 'Entrar com Apple' })).toBeTruthy();
    expect(screen.queryByText(/Facebook/)).toBeNull();
    expect(screen.getByText('ou continue com')).toBeTruthy();
  });

  it('shows nothing, not even the divider, when no provider is configured', async () => {
    const sent = serve([]);
    renderScreen(<SocialButtons redirectTo="/" />);
    await waitFor(() => expect(sent.some((r) => r.path === '/api/auth/providers')).toBe(true));
    await waitFor(() => expect(document.querySelector('[aria-busy]')).toBeNull());
    expect(screen.queryByText('ou continue com')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
