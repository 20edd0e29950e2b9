import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { renderScreen } from '#lib/testing/render.tsx';
import { RouteGuard } from './route-guard.tsx';

// A signed-in user on a signed-out-only screen (docs/product.md §2) goes to / or to the given target.
const app = (
  <Routes>
    <Route element={<RouteGuard rule="signedOut" />}>
      <Route path="/auth/login" element={<p>login</p>} />
    </Route>
    <Route path="/" element={<p>home</p>} />
    <Route path="/torneios" element={<p>torneios</p>} />
  </Routes>
);

beforeAll(() => initTestI18n('pt'));

describe('RouteGuard for signed-out screens', () => {
  it.each([
    ['/auth/login?redirectTo=%2Ftorneios', 'torneios'],
    ['/auth/login?redirect=/torneios', 'torneios'],
    ['/auth/login?redirect=/app/torneios', 'torneios'],
    ['/auth/login?redirect=https://evil.example/', 'home'],
    ['/auth/login?redirect=//evil.example/', 'home'],
    ['/auth/login', 'home'],
  ])('signed in, %s lands on %s', async (path, landing) => {
    renderScreen(app, { path, signedIn: {} });
    expect(await screen.findByText(landing)).toBeTruthy();
  });

  it('signed out, the login screen stays', async () => {
    renderScreen(app, { path: '/auth/login?redirect=/torneios' });
    expect(await screen.findByText('login')).toBeTruthy();
  });
});
