import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '#lib/auth-store.ts';
import { jwtExpiringIn } from '#lib/testing/fake-jwt.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { testProfile } from '#lib/testing/profile.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { TermsConsentDialog } from './terms-consent-dialog.tsx';

const PROFILE = testProfile({ termsPending: true });
const terms = (version: number) => ({
  version,
  title: `Termos de uso v${version}`,
  body: `## Regras\n\nTexto da versão ${version}, com **regras** novas.`,
  publishedAt: '2026-11-01T00:00:00.000Z',
});

beforeAll(() => initTestI18n('pt'));
beforeEach(() => {
  authStore.setAuth(
    { email: PROFILE.email, name: 'Ana', team: null, roles: [] },
    { accessToken: jwtExpiringIn(3600), refreshToken: 'refresh', expiresAt: '2099-01-01T00:00:00.000Z' },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('TermsConsentDialog', () => {
  it('stays closed when nothing waits for the member', async () => {
    const sent = fakeServer(() => json(200, { ...PROFILE, termsPending: false }));
    renderScreen(<TermsConsentDialog />);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves the profile open, where a member who refuses can download their data and delete the account', async () => {
    fakeServer(({ path }) => (path === '/api/terms/current' ? json(200, terms(2)) : json(200, PROFILE)));
    renderScreen(<TermsConsentDialog />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Os termos de uso mudaram' });
    await user.click(await within(dialog).findByRole('link', { name: 'ir ao perfil' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('blocks until the member accepts the version shown, and Escape does not close it', async () => {
    let accepted = false;
    const sent = fakeServer(({ method, path }) => {
      if (path === '/api/terms/current') return json(200, terms(2));
      if (method === 'POST' && path === '/api/me/terms') {
        accepted = true;
        return json(200, { ...PROFILE, termsVersion: 2, termsPending: false });
      }
      return json(200, { ...PROFILE, termsPending: !accepted });
    });
    renderScreen(<TermsConsentDialog />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Os termos de uso mudaram' });
    expect(await within(dialog).findByText('Termos de uso v2')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /fechar/i })).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Os termos de uso mudaram' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Aceitar e continuar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/me/terms', body: { version: 2 } });
  });

  it('shows the newer terms and the message when a newer version was published meanwhile', async () => {
    let current = 2;
    fakeServer(({ method, path }) => {
      if (path === '/api/terms/current') return json(200, terms(current));
      if (method === 'POST' && path === '/api/me/terms') {
        current = 3;
        return json(409, {
          statusCode: 409,
          code: 'TERMS_OUTDATED',
          message: 'Uma versão mais nova dos termos foi publicada. Leia e aceite a versão atual.',
        });
      }
      return json(200, PROFILE);
    });
    renderScreen(<TermsConsentDialog />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Os termos de uso mudaram' });
    await user.click(await within(dialog).findByRole('button', { name: 'Aceitar e continuar' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Uma versão mais nova dos termos foi publicada. Leia e aceite a versão atual.',
    );
    expect(await within(dialog).findByText('Termos de uso v3')).toBeTruthy();
  });
});
