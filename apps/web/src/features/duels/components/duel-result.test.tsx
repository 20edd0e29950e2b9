import type { DuelJersey, VoteResult } from '@manto/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { renderScreen } from '#lib/testing/render.tsx';
import { type AnsweredDuel, DuelResult } from './duel-result.tsx';

beforeAll(() => initTestI18n('pt'));
afterEach(() => Reflect.deleteProperty(navigator, 'share'));

const jersey = (id: string, team: string, teamSlug: string, modelYear: string, model: string): DuelJersey => ({
  id,
  slug: `${modelYear}-${model.toLowerCase()}`,
  team: { slug: teamSlug, name: team, nameEn: null, article: 'o' },
  model: { slug: model.toLowerCase(), name: model, nameEn: null },
  supplier: { slug: 'nike', name: 'Nike' },
  season: Number(modelYear),
  modelYear,
  mainColor: '#1a1a1a',
  image: null,
  active: true,
  rating: 1000,
});

const FLAMENGO = jersey('j1', 'Flamengo', 'flamengo', '2019', 'Titular');
const GREMIO = jersey('j2', 'Grêmio', 'gremio', '2019', 'Reserva');

/** A vote's answer on Flamengo (left) and Grêmio (right) with the crowd's tally. */
const answered = (crowd: VoteResult['crowd']): AnsweredDuel => ({
  answer: {
    outcome: 'right',
    counted: true,
    left: { id: FLAMENGO.id, rating: 1010, change: -6 },
    right: { id: GREMIO.id, rating: 990, change: 6 },
    crowd,
    next: { scope: { team: null, model: null, tournament: null }, duel: null, jerseysCount: 2 },
  },
  left: FLAMENGO,
  right: GREMIO,
});

/** Shares through the system's sheet, and gives back what it was handed. */
function shareSheet() {
  const share = vi.fn((_data: ShareData) => Promise.resolve());
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  return share;
}

describe("the duel's result", () => {
  it("shares the crowd's pick as its page naming the jersey it beat, whichever side it was on", () => {
    const share = shareSheet();
    // The voter picked Grêmio; the crowd picked Flamengo, on the left.
    renderScreen(
      <DuelResult
        answered={answered({ leftWins: 63, rightWins: 30, ties: 7 })}
        notice={null}
        idle={null}
        teamScoped={false}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Compartilhar o resultado da galera' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Flamengo 2019 · Titular venceu Grêmio 2019 · Reserva — 63% da galera no Manto.',
      text: 'Flamengo 2019 · Titular venceu Grêmio 2019 · Reserva — 63% da galera no Manto.',
      url: `${window.location.origin}/app/camisas/time/flamengo/2019-titular?contra=gremio/2019-reserva`,
    });
  });

  it('shares the right-hand jersey when the crowd picked it', () => {
    const share = shareSheet();
    renderScreen(
      <DuelResult
        answered={answered({ leftWins: 1, rightWins: 3, ties: 0 })}
        notice={null}
        idle={null}
        teamScoped={false}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Compartilhar o resultado da galera' }));
    expect(share.mock.calls[0]![0].url).toBe(
      `${window.location.origin}/app/camisas/time/gremio/2019-reserva?contra=flamengo/2019-titular`,
    );
  });

  it('offers nothing to share on a draw', () => {
    renderScreen(
      <DuelResult
        answered={answered({ leftWins: 2, rightWins: 2, ties: 1 })}
        notice={null}
        idle={null}
        teamScoped={false}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Compartilhar o resultado da galera' })).toBeNull();
  });
});
