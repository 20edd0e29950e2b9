import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { testProfile } from '#lib/testing/profile.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { UpdateProfileForm } from './update-profile-form.tsx';

beforeAll(() => initTestI18n('pt'));
afterEach(() => {
  vi.unstubAllGlobals();
});

const LABEL = 'Não usar meu time e minha região nas estatísticas por torcida e região';

describe('UpdateProfileForm, segment opt-out', () => {
  it('sends only the opt-out when it alone changed, and shows what the server kept', async () => {
    const sent = fakeServer(({ method, path, body }) =>
      method === 'PATCH' && path === '/api/me'
        ? json(200, testProfile({ ...(body as object) }))
        : json(200, { items: [], total: 0, page: 1, pageSize: 100 }),
    );
    renderScreen(<UpdateProfileForm profile={testProfile()} />, { signedIn: {} });
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: LABEL });
    expect(box).toHaveProperty('checked', false);
    expect(
      screen.getByText(
        /^Seus votos continuam contando nos rankings global, neutro e dos times\. Para que a mudança não revele seus votos/,
      ),
    ).toBeTruthy();

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(sent.filter((r) => r.method === 'PATCH')).toEqual([
        expect.objectContaining({ path: '/api/me', body: { segmentOptOut: true } }),
      ]),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar' })).toHaveProperty('disabled', true));
    expect(screen.getByRole('checkbox', { name: LABEL })).toHaveProperty('checked', true);
  });

  it('shows an opted-out member as ticked and can undo it', async () => {
    const sent = fakeServer(({ method, body }) =>
      method === 'PATCH'
        ? json(200, testProfile({ segmentOptOut: false, ...(body as object) }))
        : json(200, { items: [], total: 0, page: 1, pageSize: 100 }),
    );
    renderScreen(<UpdateProfileForm profile={testProfile({ segmentOptOut: true })} />, { signedIn: {} });
    const user = userEvent.setup();
    expect(screen.getByRole('checkbox', { name: LABEL })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('checkbox', { name: LABEL }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({ segmentOptOut: false }));
  });
});
