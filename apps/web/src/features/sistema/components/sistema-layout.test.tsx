import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#lib/auth-store.ts';
import { jwtExpiringIn } from '#lib/testing/fake-jwt.ts';
import { setShop } from '#lib/testing/features.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { renderScreen } from '#lib/testing/render.tsx';
import { SistemaLayout } from './sistema-layout.tsx';

// The side menu lists the shop's section only when the server runs the shop.

beforeAll(() => initTestI18n('pt'));
beforeEach(() =>
  authStore.setAuth(
    { email: 'mod@manto.test', name: 'Mod', team: null, roles: ['Moderator'] },
    { accessToken: jwtExpiringIn(3600), refreshToken: 'refresh', expiresAt: '2099-01-01T00:00:00.000Z' },
  ),
);
afterEach(() => {
  authStore.clear();
  setShop(false);
});

describe('SistemaLayout menu', () => {
  it('offers Produtos with the shop on', () => {
    setShop(true);
    renderScreen(<SistemaLayout />, { path: '/sistema' });
    expect(screen.getByRole('link', { name: 'Produtos' }).getAttribute('href')).toBe('/sistema/produtos');
  });

  it('leaves Produtos out with the shop off', () => {
    setShop(false);
    renderScreen(<SistemaLayout />, { path: '/sistema' });
    expect(screen.getByRole('link', { name: 'Camisas' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Produtos' })).toBeNull();
  });
});
