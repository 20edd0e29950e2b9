import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { SessionUser } from '@manto/contracts';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { authStore } from '../auth-store.ts';
import { i18n } from '../i18n.ts';
import { createQueryClient } from '../query-client.ts';
import { theme } from '../theme.ts';
import { jwtExpiringIn } from './fake-jwt.ts';

/** Signs in for the rest of the test, as a fresh sign-in leaves the auth store (a member unless `user` says). */
export function signIn(user: Partial<SessionUser> = {}) {
  authStore.setAuth(
    { email: 'ana@manto.test', name: 'Ana', team: null, roles: [], ...user },
    { accessToken: jwtExpiringIn(3600), refreshToken: 'refresh', expiresAt: '2099-01-01T00:00:00.000Z' },
  );
  onTestFinished(() => authStore.clear());
}

interface ScreenOptions {
  path?: string;
  route?: string;
  /** Renders signed in as this user (see signIn; `{}`: a member). */
  signedIn?: Partial<SessionUser>;
}

/** Renders a screen with the app's providers at `path`, matched by `route` (so it can read its params). */
export function renderScreen(screen: ReactNode, { path = '/', route = '*', signedIn }: ScreenOptions = {}) {
  if (signedIn) signIn(signedIn);
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={screen} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

export interface FakeRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Plays the server: every fetch is answered by `server`; returns what was sent. */
export function fakeServer(server: (request: FakeRequest) => Response | Promise<Response>): FakeRequest[] {
  const sent: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, window.location.href);
      const request: FakeRequest = {
        method: init.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: new Headers(init.headers),
      };
      sent.push(request);
      return server(request);
    }),
  );
  return sent;
}
