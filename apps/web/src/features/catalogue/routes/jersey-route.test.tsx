import { screen, waitFor } from '@testing-library/react';
import type { JerseyDetail } from '@manto/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '#lib/i18n.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { JerseyRoute } from './jersey-route.tsx';

const team = { slug: 'aurora', name: 'Aurora', nameEn: null, article: 'a' } as const;
const image = {
  id: 'i1',
  src: '/api/images/i1/640.webp',
  srcSet: '/api/images/i1/640.webp 640w',
  width: 640,
  height: 640,
};
const jersey: JerseyDetail = {
  id: 'j1',
  slug: '2024-titular',
  team,
  model: { slug: 'titular', name: 'Titular', nameEn: null },
  supplier: { slug: 'marca', name: 'Marca' },
  season: 2024,
  modelYear: '2024',
  mainColor: '#C8102E',
  image,
  active: true,
  description: null,
  descriptionEn: null,
  masterSponsor: null,
  imageSource: { text: 'Manto', url: null },
  teamInfo: {
    id: 't1',
    ...team,
    country: 'Brasil',
    state: null,
    city: 'Recife',
    baseColor: '#112233',
    category: 'club',
    crest: null,
    jerseysCount: 1,
  },
  otherJerseys: [],
};

const JERSEY_PATH = '/api/catalogue/teams/aurora/jerseys/2024-titular';

/** Answers the jersey when `answer` resolves; the page's other sections get nothing. */
function serve(answer: Promise<Response>) {
  fakeServer((r) => (r.path === JERSEY_PATH ? answer : json(404, { code: 'NOT_FOUND', message: 'Não encontrado' })));
}

const render = () =>
  renderScreen(<JerseyRoute />, {
    path: '/camisas/time/aurora/2024-titular',
    route: '/camisas/time/:teamSlug/:jerseySlug',
  });

beforeAll(() => initTestI18n('pt'));
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a jersey page', () => {
  it('shows the skeleton while the jersey loads, then the jersey', async () => {
    let answer!: (res: Response) => void;
    serve(new Promise((resolve) => (answer = resolve)));
    const { container } = render();
    await waitFor(() => expect(container.querySelector('.mantine-Skeleton-root')).not.toBeNull());
    answer(json(200, jersey));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aurora 2024' })).toBeTruthy();
    // The main colour by the name a fan says, its value on hover.
    expect(screen.getByText('Vermelho').getAttribute('title')).toBe('#C8102E');
  });

  it('is the not-found screen for a jersey that does not exist', async () => {
    serve(Promise.resolve(json(404, { code: 'NOT_FOUND', message: 'Não encontrado' })));
    render();
    expect(await screen.findByText('404')).toBeTruthy();
  });
});

describe('a jersey page in the reader’s language', () => {
  const bilingual: JerseyDetail = {
    ...jersey,
    team: { ...team, name: 'Alemanha', nameEn: 'Germany' },
    model: { slug: 'titular', name: 'Titular', nameEn: 'Home' },
    masterSponsor: 'Telekom',
  };
  afterEach(() => i18n.changeLanguage('pt'));

  it('writes the description from the fields with the team’s article, and credits Manto’s drawing', async () => {
    serve(Promise.resolve(json(200, bilingual)));
    render();
    expect(
      await screen.findByText('Camisa titular 2024 da Alemanha, fornecida pela Marca. Patrocínio: Telekom.'),
    ).toBeTruthy();
    expect(screen.getByText('Ilustração gerada pelo Manto')).toBeTruthy();
    expect(screen.queryByText(/Imagem:/)).toBeNull();
  });

  it('names the team and model in English on an English page, and writes the description in English', async () => {
    await i18n.changeLanguage('en');
    serve(Promise.resolve(json(200, bilingual)));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Germany 2024' })).toBeTruthy();
    expect(screen.getByText('Germany home jersey, 2024, made by Marca. Sponsor: Telekom.')).toBeTruthy();
    expect(screen.getByText('Illustration drawn by Manto')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Alemanha|Titular|Ilustração/);
  });

  it('shows a moderator’s description in the reader’s language, Portuguese when there is no English one', async () => {
    await i18n.changeLanguage('en');
    serve(
      Promise.resolve(json(200, { ...bilingual, description: 'Camisa da Copa.', descriptionEn: 'World Cup shirt.' })),
    );
    const first = render();
    expect(await screen.findByText('World Cup shirt.')).toBeTruthy();
    first.unmount();
    serve(
      Promise.resolve(
        json(200, { ...bilingual, description: 'Camisa da Copa.', imageSource: { text: 'Museu', url: null } }),
      ),
    );
    render();
    expect(await screen.findByText('Camisa da Copa.')).toBeTruthy();
    expect(screen.getByText(/Image:/).textContent).toBe('Image: Museu');
  });
});
