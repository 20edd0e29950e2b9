import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { testProfile } from '#lib/testing/profile.ts';
import { type FakeRequest, fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { toasts } from '#lib/testing/toasts.ts';
import { VOTER_ID_KEY } from '#lib/voter.ts';
import { KeepVotesPrompt } from './keep-votes-prompt.tsx';

beforeAll(() => initTestI18n('pt'));
afterEach(() => localStorage.clear());

const VISITOR_ID = 'v1.7c9e6679-7425-40de-944b-e07fc1f90ae7.c2lnbmVk';

/** The API as the prompt sees it: the profile, the visitor's waiting votes, and keeping them. */
const server =
  (waiting: number, termsPending = false) =>
  (r: FakeRequest) => {
    if (r.path === '/api/me') return json(200, testProfile({ termsPending }));
    if (r.path === '/api/me/visitor-votes' && r.method === 'GET') return json(200, { votes: waiting });
    if (r.path === '/api/me/visitor-votes' && r.method === 'POST') return json(200, { attached: waiting });
    return json(404, { code: 'NOT_FOUND', message: 'x' });
  };

describe('KeepVotesPrompt', () => {
  it('keeps the votes this browser cast before signing in, at the member’s request, then forgets the id', async () => {
    localStorage.setItem(VOTER_ID_KEY, VISITOR_ID);
    const sent = fakeServer(server(7));
    renderScreen(<KeepVotesPrompt voterId={VISITOR_ID} />, { signedIn: {} });

    expect(await screen.findByText(/você respondeu 7 duelos antes de entrar/)).toBeTruthy();
    const asked = sent.find((r) => r.path === '/api/me/visitor-votes');
    expect(asked?.headers.get('x-voter-id')).toBe(VISITOR_ID);
    await userEvent.click(screen.getByRole('button', { name: 'Levar para a conta' }));

    await waitFor(() => expect(toasts('success')).toEqual(['7 votos agora estão na sua conta.']));
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ voterId: VISITOR_ID });
    expect(localStorage.getItem(VOTER_ID_KEY)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('forgets the id without keeping anything when the member says no', async () => {
    localStorage.setItem(VOTER_ID_KEY, VISITOR_ID);
    const sent = fakeServer(server(3));
    renderScreen(<KeepVotesPrompt voterId={VISITOR_ID} />, { signedIn: {} });
    await userEvent.click(await screen.findByRole('button', { name: 'Não, obrigado' }));
    expect(localStorage.getItem(VOTER_ID_KEY)).toBeNull();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('asks nothing while newer terms wait, and drops an id with nothing left to keep', async () => {
    localStorage.setItem(VOTER_ID_KEY, VISITOR_ID);
    const pending = fakeServer(server(5, true));
    const first = renderScreen(<KeepVotesPrompt voterId={VISITOR_ID} />, { signedIn: {} });
    await waitFor(() => expect(pending.some((r) => r.path === '/api/me')).toBe(true));
    expect(pending.some((r) => r.path === '/api/me/visitor-votes')).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    fakeServer(server(0));
    renderScreen(<KeepVotesPrompt voterId={VISITOR_ID} />, { signedIn: {} });
    await waitFor(() => expect(localStorage.getItem(VOTER_ID_KEY)).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
