import type { JerseyRating as Rating, Standing } from '@manto/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { JerseyRating } from './jersey-rating.tsx';
import { comparisonAxis, formatDelta } from './jersey-segments.tsx';

// The jersey page's comparison of its global, neutral and own fans' scores, with the real pt texts.

const standing = (score: number, over: Partial<Standing> = {}): Standing => ({
  rank: 2,
  rankUb: 1,
  score,
  lower: score - 40,
  upper: score + 40,
  votes: 80,
  wins: 40,
  losses: 30,
  ties: 10,
  provisional: false,
  of: 12,
  fittedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

const rating = (over: Partial<Rating>): Rating => ({
  global: standing(1080),
  team: standing(1020, { of: 4 }),
  neutral: standing(1070, { rank: 3 }),
  ownFans: standing(1140, { rank: 1, of: 5 }),
  history: [],
  ...over,
});

const team = { slug: 'aurora', name: 'Aurora FC', nameEn: null, article: 'o' } as const;
const show = (answer: Rating) => {
  fakeServer(() => json(200, answer));
  renderScreen(<JerseyRating jerseyId="j1" team={team} />);
};

beforeAll(() => initTestI18n('pt'));
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the jersey comparison block', () => {
  it('puts global, neutral and own fans on one axis and says how far each is from the global score', async () => {
    show(rating({}));
    const block = await screen.findByRole('region', { name: 'Quem vota faz diferença?' });
    expect(within(block).getAllByRole('img', { name: /^Margem de erro/ })).toHaveLength(3);
    expect(within(block).getByText('Ranking global')).toBeTruthy();
    expect(within(block).getByText('Ranking neutro')).toBeTruthy();
    expect(within(block).getByText('Torcida do Aurora FC')).toBeTruthy();
    expect(within(block).getByText('1º de 5')).toBeTruthy();
    expect(within(block).getByText('+60 entre a torcida do Aurora FC · -10 no ranking neutro')).toBeTruthy();
    expect(within(block).getByRole('link', { name: 'Ver o que a torcida acha' }).getAttribute('href')).toBe(
      '/rankings/torcidas/aurora',
    );
  });

  it('leaves out the own fans when their ranking is not shown', async () => {
    show(rating({ ownFans: null }));
    const block = await screen.findByRole('region', { name: 'Quem vota faz diferença?' });
    expect(within(block).getAllByRole('img', { name: /^Margem de erro/ })).toHaveLength(2);
    expect(within(block).queryByText(/Torcida do/)).toBeNull();
    expect(within(block).getByText('-10 no ranking neutro')).toBeTruthy();
  });

  it('is not there without a neutral or own fans standing', async () => {
    show(rating({ neutral: null, ownFans: null }));
    expect(await screen.findByRole('region', { name: 'Ranking global' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Quem vota faz diferença?' })).toBeNull();
  });
});

describe('comparison helpers', () => {
  it('spans every interval with a margin, and signs the differences', () => {
    expect(comparisonAxis([standing(1000), standing(1100)])).toEqual({ min: 951, max: 1149 });
    expect(formatDelta(41.6, 'pt-BR')).toBe('+42');
    expect(formatDelta(-8.2, 'en-GB')).toBe('-8');
    expect(formatDelta(0.3, 'pt-BR')).toBe('0');
  });
});
