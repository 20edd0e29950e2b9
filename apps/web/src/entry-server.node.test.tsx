import type { DuelJersey, NextDuel, Ranking, RankingRow, Segments } from '@manto/contracts';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';

// The public pages as the server draws them: in Node, with no document, window or storage.

const TERMS = {
  pt: {
    version: 3,
    title: 'Termos de uso do Manto',
    body: '## 1. Aceite\n\nAo usar o Manto você concorda.',
    publishedAt: '2026-03-01T12:00:00.000Z',
  },
  en: {
    version: 3,
    title: 'Manto terms of use',
    body: '## 1. Acceptance\n\nBy using Manto you agree.',
    publishedAt: '2026-03-01T12:00:00.000Z',
  },
};

const row = (rank: number): RankingRow => ({
  rank,
  rankUb: rank,
  jersey: {
    id: `j${rank}`,
    slug: `${1990 + rank}-titular`,
    team: { slug: 'aurora', name: 'Aurora FC', nameEn: null, article: 'o' },
    model: { slug: 'titular', name: 'Titular', nameEn: 'Home' },
    supplier: { slug: 'marca', name: 'Marca' },
    season: 1990 + rank,
    modelYear: String(1990 + rank),
    mainColor: '#ffffff',
    image: null,
    active: true,
  },
  score: 1300 - rank * 10,
  lower: 1250 - rank * 10,
  upper: 1350 - rank * 10,
  votes: 60,
  wins: 30,
  losses: 25,
  ties: 5,
  winRate: 0.54,
  provisional: false,
  previousRank: rank,
});

const RANKING: Ranking = {
  items: Array.from({ length: 25 }, (_, i) => row(i + 1)),
  total: 25,
  page: 1,
  pageSize: 50,
  team: null,
  fittedAt: '2026-11-24T10:00:00.000Z',
  votes: 1500,
  axis: { min: 1000, max: 1350 },
  models: [{ slug: 'titular', name: 'Titular', nameEn: 'Home' }],
  suppliers: [{ slug: 'marca', name: 'Marca' }],
  seasons: { min: 1991, max: 2015 },
  segment: null,
};
const SEGMENTS: Segments = { minVoters: 30, fans: [], countries: [], states: [] };

const duelJersey = (id: string, team: string): DuelJersey => ({
  id,
  slug: `2024-${id}`,
  team: { slug: team.toLowerCase(), name: team, nameEn: null, article: 'o' },
  model: { slug: 'titular', name: 'Titular', nameEn: 'Home' },
  supplier: { slug: 'marca', name: 'Marca' },
  season: 2024,
  modelYear: '2024',
  mainColor: '#ffffff',
  image: null,
  active: true,
  rating: 1000,
});

let issued = 0;

/** The next duel, drawn for the visitor the header names, or for a new one, whose id the answer brings. */
function nextDuel(header: string | null): NextDuel {
  const voterId = header ?? `v1.new-${++issued}`;
  return {
    scope: { team: null, model: null, tournament: null },
    duel: {
      token: `token-for-${voterId}`,
      left: duelJersey('j1', 'Aurora'),
      right: duelJersey('j2', 'Cobalto'),
      expiresAt: '2099-01-01T00:00:00.000Z',
      minDecisionMs: 100,
    },
    jerseysCount: 2,
    ...(header ? {} : { voterId }),
  };
}

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The API as the page's calls reach it, in-process: the current terms and the global ranking are known. */
function api(calls: string[] = []) {
  return async (path: string, init: RequestInit) => {
    calls.push(path);
    const language = new Headers(init.headers).get('accept-language') === 'en' ? 'en' : 'pt';
    if (path.startsWith('/api/terms/current')) return answer(TERMS[language]);
    if (path.startsWith('/api/rankings/segments')) return answer(SEGMENTS);
    if (path.startsWith('/api/rankings?') || path === '/api/rankings') return answer(RANKING);
    if (path.startsWith('/api/duels/next')) return answer(nextDuel(new Headers(init.headers).get('x-voter-id')));
    return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  };
}

describe('a public page drawn by the server', () => {
  it('holds its content, in the visitor’s language, with the answers it was drawn from', async () => {
    const calls: string[] = [];
    const pt = await render({ url: '/app/termos', language: 'pt', fetch: api(calls), shop: false });
    expect(pt?.status).toBe(200);
    expect(pt?.html).toContain('Termos de uso do Manto');
    expect(pt?.html).toContain('Ao usar o Manto você concorda.');
    // The layout around it: the header's links and the footer, in Portuguese.
    expect(pt?.html).toContain('Rankings');
    expect(pt?.html).toContain('Enviar feedback');
    expect(calls).toEqual(['/api/terms/current']);
    const state = JSON.parse(pt!.state) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    expect(state.queries.map((q) => q.state.data)).toContainEqual(TERMS.pt);

    const en = await render({ url: '/app/termos', language: 'en', fetch: api(), shop: false });
    expect(en?.html).toContain('Manto terms of use');
    expect(en?.html).toContain('Send feedback');
    expect(en?.html).not.toContain('Enviar feedback');
  });

  it('draws the pages without data the same way, a missing subject as not found, and leaves other addresses and failed answers to the browser', async () => {
    const method = await render({ url: '/app/rankings/como-funciona', language: 'pt', fetch: api(), shop: false });
    expect(method?.html).toContain('Como funciona o ranking');
    expect(await render({ url: '/app/sistema', language: 'pt', fetch: api(), shop: false })).toBeNull();
    expect(await render({ url: '/app/auth/perfil', language: 'pt', fetch: api(), shop: false })).toBeNull();
    // A page of something that does not exist is its not-found screen, with the status that says so …
    const missing = await render({
      url: '/app/camisas/time/nenhum/2024-titular',
      language: 'pt',
      fetch: api(),
      shop: false,
    });
    expect(missing?.status).toBe(404);
    expect(missing?.html).toContain('404');
    expect(JSON.parse(missing!.state)).toMatchObject({ drawAgain: true });
    // … and one whose answer failed otherwise is the browser's to draw (it asks again and shows its error).
    const failing = async () => new Response('{}', { status: 503, headers: { 'content-type': 'application/json' } });
    expect(await render({ url: '/app/privacidade', language: 'pt', fetch: failing, shop: false })).toBeNull();
  });

  it('draws a ranking with its rows, as a table and as a phone’s list (the screen’s width is the browser’s)', async () => {
    const page = await render({ url: '/app/rankings', language: 'en', fetch: api(), shop: false });
    expect(page?.html).toContain('Global ranking');
    // Every row, twice: the table's and the list's, CSS showing one.
    expect(page?.html.match(/Aurora FC 2015/g)).toHaveLength(2);
    expect(page?.html.match(/Aurora FC 1991/g)).toHaveLength(2);
    expect(page?.html).toContain('<table');
    // The time it was drawn at comes with the page, for the clocks the browser shows while taking it over.
    const { drawnAt, parts } = JSON.parse(page!.state) as { drawnAt: number; parts: string[] };
    expect(Math.abs(drawnAt - Date.now())).toBeLessThan(60_000);
    // The table's code is on demand: the browser loads it before taking the page over.
    expect(parts).toEqual(['ranking-table']);
  });

  it('draws only the layout of the screen the server guessed, shown whatever the width, and says which', async () => {
    const phone = await render({ url: '/app/rankings', language: 'en', fetch: api(), shop: false, screen: 'narrow' });
    expect(phone?.html.match(/Aurora FC 2015/g)).toHaveLength(1);
    expect(phone?.html).not.toContain('<table');
    expect(phone?.html).not.toMatch(/class="[^"]*mantine-hidden-from-md/);
    const desktop = await render({ url: '/app/rankings', language: 'en', fetch: api(), shop: false, screen: 'wide' });
    expect(desktop?.html.match(/Aurora FC 2015/g)).toHaveLength(1);
    expect(desktop?.html).toContain('<table');
    expect(desktop?.html).not.toMatch(/class="[^"]*mantine-visible-from-md/);
    // The browser takes the page over with the same layout.
    expect((JSON.parse(phone!.state) as { screen: string }).screen).toBe('narrow');
    expect((JSON.parse(desktop!.state) as { parts: string[] }).parts).toEqual(['ranking-table']);
  });

  it('draws the home page’s duel for its visitor, never keeping one visitor’s id for the next', async () => {
    const known = await render({ url: '/app/', language: 'pt', fetch: api(), shop: false, visitorId: 'v1.known' });
    expect(known?.personal).toBe(true);
    expect(known?.html).toContain('Aurora 2024');
    expect(known?.html).toContain('Cobalto 2024');
    expect(known?.state).toContain('token-for-v1.known');
    // Ready to vote, as the browser will find it once it takes the page over (React keeps the server's
    // attributes): nothing being fetched, no button disabled.
    expect(known?.html).not.toContain('aria-busy="true"');
    expect(known?.html).not.toMatch(/<button[^>]*disabled/);
    // A new visitor: the duel comes with an id of its own, which the drawing after it does not reuse.
    const first = await render({ url: '/app/', language: 'pt', fetch: api(), shop: false, visitorId: null });
    const second = await render({ url: '/app/', language: 'pt', fetch: api(), shop: false, visitorId: null });
    expect(first?.state).toContain(`"token-for-v1.new-${issued - 1}"`);
    expect(second?.state).toContain(`"token-for-v1.new-${issued}"`);
    // Pages of the catalogue are the same for everyone.
    expect((await render({ url: '/app/termos', language: 'pt', fetch: api(), shop: false }))?.personal).toBe(false);
  });

  it('draws one page at a time, each in its own language, when asked together', async () => {
    const [pt, en] = await Promise.all([
      render({ url: '/app/termos', language: 'pt', fetch: api(), shop: false }),
      render({ url: '/app/termos', language: 'en', fetch: api(), shop: false }),
    ]);
    expect(pt?.html).toContain('Termos de uso do Manto');
    expect(en?.html).toContain('Manto terms of use');
  });
});
