import { MantineProvider } from '@mantine/core';
import { messages, type DuelJersey, type NextDuel, type VoteResult } from '@manto/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '#lib/i18n.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { theme } from '#lib/theme.ts';
import { primeNextDuel } from '../api/early-duel.ts';
import { GlobalDuelRoute } from '../routes/global-duel-route.tsx';

// The global duel screen (the real DuelScreen) with the app's providers and the real pt texts;
// only fetch is faked: it plays the server.

const jersey = (id: string, team: string, modelYear: string, model: string): DuelJersey => ({
  id,
  slug: id,
  team: { slug: team.toLowerCase().replace(/\s+/g, '-'), name: team, nameEn: null, article: 'o' },
  model: { slug: model.toLowerCase(), name: model, nameEn: null },
  supplier: { slug: 'nike', name: 'Nike' },
  season: Number(modelYear),
  modelYear,
  mainColor: '#1a1a1a',
  // No pictures: the next pair's preload has nothing to wait for.
  image: null,
  active: true,
  rating: 1000,
});

const AURORA = jersey('j1', 'Aurora FC', '2024', 'Titular');
const COBALT = jersey('j2', 'Cobalt FC', '2023', 'Reserva');
const DELTA = jersey('j3', 'Delta EC', '2022', 'Terceira');
const ESTRELA = jersey('j4', 'Estrela SC', '2021', 'Goleiro');

// The server's minimum decision time is 0 here unless a test sets one: the client then holds a vote 50 ms.
const duelOf = (token: string, left: DuelJersey, right: DuelJersey, minDecisionMs = 0): NextDuel => ({
  scope: { team: null, model: null, tournament: null },
  duel: { token, left, right, expiresAt: '2099-01-01T00:00:00.000Z', minDecisionMs },
  jerseysCount: 4,
});

const FIRST = duelOf('token-1', AURORA, COBALT);
const SECOND = duelOf('token-2', DELTA, ESTRELA);

const leftWins = (next: NextDuel): VoteResult => ({
  outcome: 'left',
  counted: true,
  left: { id: AURORA.id, rating: 1016, change: 16 },
  right: { id: COBALT.id, rating: 984, change: -16 },
  crowd: { leftWins: 3, rightWins: 1, ties: 0 },
  next,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

const isVisitor = (request: SentRequest) => request.method === 'POST' && request.path === '/api/duels/visitor';
let issued = 0;
/** What POST /api/duels/visitor answers: a new signed-looking id each time. */
const newVoterId = () => `v1.${String(++issued).padStart(8, '0')}-0000-4000-8000-000000000000.mac`;
const visitorId = () => json(200, { voterId: newVoterId() });

/** Answers every fetch with `server` (visitor ids are issued unless it answers them) and keeps what was sent. */
function stubServer(server: (request: SentRequest) => Response | Promise<Response>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const request: SentRequest = {
        method: init.method ?? 'GET',
        path: new URL(input, window.location.href).pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: { ...(init.headers as Record<string, string>) },
      };
      sent.push(request);
      const answer = await server(request);
      // As the server, a duel asked for without an id brings a fresh one (ADR 0023).
      if (isNext(request) && !request.headers['x-voter-id'] && answer.status === 200)
        return json(200, { ...(await answer.json()), voterId: newVoterId() });
      return answer.status === 404 && isVisitor(request) ? visitorId() : answer;
    }),
  );
  return sent;
}

/** A 429 as the server sends it: the localised envelope and Retry-After in seconds. */
const limited = (seconds: number) =>
  new Response(
    JSON.stringify({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: `Muitas tentativas. Aguarde ${seconds} segundos e tente novamente.`,
    }),
    { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': String(seconds) } },
  );

const isNext = (request: SentRequest) => request.method === 'GET' && request.path === '/api/duels/next';
const isVote = (request: SentRequest) => request.method === 'POST' && request.path === '/api/duels/votes';
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

function renderDuel() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <GlobalDuelRoute />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

// Patience, not a speed goal: the first render on a busy 2-core machine can take seconds.
const choose = (name: string) => screen.findByRole('button', { name: `Escolher ${name}` });
// What follows a vote (its hold, the result, the next pair) may take longer than findBy's 1 s on a busy machine.

beforeAll(() => initTestI18n('pt'));

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  await i18n.changeLanguage('pt');
});

// Patience, not a speed goal: on a busy 2-core machine a screen with a vote and the next pair can pass 5 s.
describe('DuelScreen', () => {
  it('shows the duel asked for while its code loaded, without asking twice; a later screen asks anew', async () => {
    let served = 0;
    const sent = stubServer((request) => {
      if (isNext(request)) return json(200, ++served === 1 ? FIRST : SECOND);
      return json(404, {});
    });
    primeNextDuel({});
    const first = renderDuel();
    expect(await choose('Aurora FC 2024 · Titular')).toBeTruthy();
    expect(sent.filter(isNext)).toHaveLength(1);
    // A new visitor's id comes with that duel: no request of its own before it (ADR 0023).
    expect(sent.filter(isVisitor)).toHaveLength(0);
    expect(sent.filter(isNext)[0]!.headers['x-voter-id']).toBeUndefined();
    const id = localStorage.getItem('manto.voterId');
    expect(id).toMatch(/^v1\./);

    // A duel token is single use: the next screen draws its own duel, with that id.
    first.unmount();
    renderDuel();
    expect(await choose('Delta EC 2022 · Terceira')).toBeTruthy();
    expect(sent.filter(isNext)).toHaveLength(2);
    expect(sent.filter(isNext)[1]!.headers['x-voter-id']).toBe(id);
  });

  it('votes, shows the result, then the next pair', async () => {
    const sent = stubServer((request) => {
      if (isNext(request)) return json(200, FIRST);
      if (isVote(request)) return json(200, leftWins(SECOND));
      return json(404, {});
    });
    const user = userEvent.setup();
    renderDuel();

    await user.click(await choose('Aurora FC 2024 · Titular'));

    expect(await screen.findByText('Você escolheu Aurora FC 2024 · Titular')).toBeTruthy();
    expect(await choose('Delta EC 2022 · Terceira')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Escolher Estrela SC 2021 · Goleiro' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Escolher Aurora FC 2024 · Titular' })).toBeNull();
    expect(sent.filter(isVote).map((request) => request.body)).toEqual([{ token: 'token-1', outcome: 'left' }]);
    expect(sent.filter(isNext)).toHaveLength(1);
  });

  it('holds a quick vote until the duel’s own minimum decision time has passed, then sends it', async () => {
    // The fake clock also moves with real time (shouldAdvanceTime), so the screen runs as usual; the minimum
    // is long enough that no real pause on a busy machine reaches it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'], shouldAdvanceTime: true });
    const sent = stubServer((request) => {
      if (isNext(request)) return json(200, duelOf('token-slow', AURORA, COBALT, 60_000));
      if (isVote(request)) return json(200, leftWins(SECOND));
      return json(404, {});
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderDuel();

    await user.click(await choose('Aurora FC 2024 · Titular'));
    await vi.advanceTimersByTimeAsync(30_000);
    // Held, not refused: nothing sent yet, and no error on screen.
    expect(sent.filter(isVote)).toHaveLength(0);
    expect(screen.queryByText(messages.pt.VOTE_TOO_FAST)).toBeNull();

    await vi.advanceTimersByTimeAsync(31_000);
    expect(await screen.findByText('Você escolheu Aurora FC 2024 · Titular')).toBeTruthy();
    expect(sent.filter(isVote).map((request) => request.body)).toEqual([{ token: 'token-slow', outcome: 'left' }]);
  });

  it.each([
    [422, 'VOTE_TOO_FAST', messages.pt.VOTE_TOO_FAST],
    [409, 'DUEL_ALREADY_ANSWERED', messages.pt.DUEL_ALREADY_ANSWERED],
  ])('a refused vote (%i %s) shows the server’s message and a fresh duel', async (status, code, message) => {
    const duels = [FIRST, SECOND];
    const sent = stubServer((request) => {
      if (isNext(request)) return json(200, duels.shift());
      if (isVote(request)) return json(status, { statusCode: status, code, message });
      return json(404, {});
    });
    const user = userEvent.setup();
    renderDuel();

    await user.click(await choose('Aurora FC 2024 · Titular'));

    expect(await screen.findByText(message)).toBeTruthy();
    expect(await choose('Delta EC 2022 · Terceira')).toBeTruthy();
    // The server localises its messages by the interface language.
    expect(sent.filter(isVote)[0]?.headers['Accept-Language']).toBe('pt');
  });

  it('a vote over a limit (429) says in plain words when to try again, and a fresh duel follows (ADR 0028)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 14, 31, 45));
    const duels = [FIRST, SECOND];
    stubServer((request) => {
      if (isNext(request)) return json(200, duels.shift());
      if (isVote(request)) return limited(30);
      return json(404, {});
    });
    const user = userEvent.setup();
    renderDuel();

    await user.click(await choose('Aurora FC 2024 · Titular'));

    expect(
      await screen.findByText('Votos rápidos demais: este não foi registrado. Tente de novo às 14:33.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Muitas tentativas/)).toBeNull();
    expect(await choose('Delta EC 2022 · Terceira')).toBeTruthy();
  });

  it.each([
    ['pt', 'Uma pausa rápida', 'Tente de novo às 14:34.', 'Ver o ranking', 'Tentar de novo'],
    ['en', 'A short pause', 'Try again at 14:34.', 'See the ranking', 'Try again'],
  ] as const)(
    'a duel refused by a limit (429) shows the pause in %s, the time to come back and the ranking, never a bare error',
    async (language, title, tryAt, ranking, retry) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 10, 27, 14, 31, 45));
      await i18n.changeLanguage(language);
      let refusing = true;
      stubServer((request) => {
        if (isNext(request)) return refusing ? limited(120) : json(200, FIRST);
        return json(404, {});
      });
      const user = userEvent.setup();
      renderDuel();

      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByText(tryAt)).toBeTruthy();
      expect(screen.getByRole('link', { name: ranking }).getAttribute('href')).toBe('/rankings');
      expect(screen.queryByRole('heading', { name: language === 'pt' ? 'Erro' : 'Error' })).toBeNull();
      expect(screen.queryByText(/Muitas tentativas|Too many attempts/)).toBeNull();

      refusing = false;
      await user.click(screen.getByRole('button', { name: retry }));
      expect(
        await screen.findByRole('button', {
          name: `${language === 'pt' ? 'Escolher' : 'Choose'} Aurora FC 2024 · Titular`,
        }),
      ).toBeTruthy();
    },
  );

  it('offline at first: shows the error state, and the duel after Tentar Novamente', async () => {
    let online = false;
    stubServer((request) => {
      if (!online) return offline();
      return isNext(request) ? json(200, FIRST) : json(404, {});
    });
    const user = userEvent.setup();
    renderDuel();

    expect(await screen.findByRole('heading', { name: 'Erro' })).toBeTruthy();
    expect(screen.getByText('Algo deu errado ao carregar esta página.')).toBeTruthy();

    online = true;
    await user.click(screen.getByRole('button', { name: 'Tentar Novamente' }));

    expect(await choose('Aurora FC 2024 · Titular')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Erro' })).toBeNull();
  });

  it('replaces an old browser-made visitor id before the first duel', async () => {
    localStorage.setItem('manto.voterId', '3f2b8c1e-1d2a-4b3c-8d4e-5f6a7b8c9d0e');
    const sent = stubServer((request) => (isNext(request) ? json(200, FIRST) : json(404, {})));
    renderDuel();

    expect(await choose('Aurora FC 2024 · Titular')).toBeTruthy();
    // The old id is never sent; a signed one is kept (this module's tab may hold one from an earlier test).
    expect(sent.filter(isNext)[0]?.headers['x-voter-id']).not.toBe('3f2b8c1e-1d2a-4b3c-8d4e-5f6a7b8c9d0e');
    expect(localStorage.getItem('manto.voterId')).toMatch(/^v1\.\d{8}-/);
  });

  it('when the server refuses the visitor id, gets a new one and loads the duel (one retry)', async () => {
    localStorage.setItem('manto.voterId', 'v1.signed-with-an-old-secret');
    const refusal = { statusCode: 400, code: 'VOTER_ID_INVALID', message: messages.pt.VOTER_ID_INVALID };
    const sent = stubServer((request) => {
      if (isNext(request))
        return request.headers['x-voter-id'] === 'v1.signed-with-an-old-secret' ? json(400, refusal) : json(200, FIRST);
      return json(404, {});
    });
    renderDuel();

    expect(await choose('Aurora FC 2024 · Titular')).toBeTruthy();
    const ids = sent.filter(isNext).map((request) => request.headers['x-voter-id']);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe('v1.signed-with-an-old-secret');
    expect(ids[1]).not.toBe('v1.signed-with-an-old-secret');
    expect(localStorage.getItem('manto.voterId')).toMatch(/^v1\.\d{8}-/);
  });

  it('offline while voting: says the vote was not sent, keeps the pair, and the same vote goes through later', async () => {
    let online = true;
    const sent = stubServer((request) => {
      if (isNext(request)) return json(200, FIRST);
      if (isVote(request)) return online ? json(200, leftWins(SECOND)) : offline();
      return json(404, {});
    });
    const user = userEvent.setup();
    renderDuel();

    online = false;
    await user.click(await choose('Aurora FC 2024 · Titular'));

    expect(await screen.findByText('Sem conexão. Seu voto não foi enviado — tente de novo.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Escolher Cobalt FC 2023 · Reserva' })).toBeTruthy();

    online = true;
    await user.click(await choose('Aurora FC 2024 · Titular'));

    expect(await screen.findByText('Você escolheu Aurora FC 2024 · Titular')).toBeTruthy();
    expect(await choose('Delta EC 2022 · Terceira')).toBeTruthy();
    expect(sent.filter(isVote).map((request) => request.body)).toEqual([
      { token: 'token-1', outcome: 'left' },
      { token: 'token-1', outcome: 'left' },
    ]);
    expect(sent.filter(isNext)).toHaveLength(1);
  });
});
