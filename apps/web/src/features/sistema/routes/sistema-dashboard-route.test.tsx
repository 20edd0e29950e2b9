import type { Dashboard } from '@manto/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '#lib/auth-store.ts';
import { jwtExpiringIn } from '#lib/testing/fake-jwt.ts';
import { setShop } from '#lib/testing/features.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { SistemaDashboardRoute } from './sistema-dashboard-route.tsx';

// The dashboard's inventory tiles with the real pt texts; fetch plays the server.

const DASHBOARD: Dashboard = {
  activeJerseys: 10,
  inactiveJerseys: 1,
  teams: 4,
  models: 2,
  suppliers: 3,
  activeUsers: 7,
  tournaments: { ongoing: 1, upcoming: 0, completed: 2 },
  pendingFeedbacks: 0,
  inventory: { totalUnits: 1234, lowStock: 3, outOfStock: 2 },
};

const tile = async (label: string) => (await screen.findByText(label)).closest('.mantine-Card-root') as HTMLElement;

beforeAll(() => initTestI18n('pt'));
beforeEach(() => {
  authStore.setAuth(
    { email: 'mod@manto.test', name: 'Mod', team: null, roles: ['Moderator'] },
    { accessToken: jwtExpiringIn(3600), refreshToken: 'refresh', expiresAt: '2099-01-01T00:00:00.000Z' },
  );
  fakeServer((r) => (r.path === '/api/manage/dashboard' ? json(200, DASHBOARD) : json(404, {})));
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.clear();
  setShop(false);
});

describe('SistemaDashboardRoute inventory', () => {
  it('counts units, low and out of stock, each tile opening the filtered product list', async () => {
    setShop(true);
    renderScreen(<SistemaDashboardRoute />, { path: '/sistema' });

    const units = await tile('Unidades em estoque');
    expect(await within(units).findByText('1.234')).toBeTruthy();
    expect(units.getAttribute('href')).toBe('/sistema/produtos');
    const low = await tile('Estoque baixo');
    expect(within(low).getByText('3')).toBeTruthy();
    expect(low.getAttribute('href')).toBe('/sistema/produtos?stock=low');
    const out = await tile('Sem estoque');
    expect(within(out).getByText('2')).toBeTruthy();
    expect(out.getAttribute('href')).toBe('/sistema/produtos?stock=out');
  });

  it('shows the counts without links while the shop is off (its list is not registered)', async () => {
    renderScreen(<SistemaDashboardRoute />, { path: '/sistema' });

    const low = await tile('Estoque baixo');
    expect(await within(low).findByText('3')).toBeTruthy();
    expect(low.tagName).not.toBe('A');
    expect(screen.queryByRole('link', { name: /Sem estoque/ })).toBeNull();
    // The catalogue's tiles still link.
    expect(screen.getByRole('link', { name: /Camisas ativas/ }).getAttribute('href')).toBe('/sistema/camisas');
  });
});
