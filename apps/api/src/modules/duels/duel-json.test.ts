import type { NextDuel, VoteResult } from '@manto/contracts';
import { describe, expect, it } from 'vitest';
import type { CatalogueJersey } from '#modules/jerseys/index.ts';
import { duelSide, nextDuelJson, voteResultJson } from './duel-json.ts';

const jersey = (id: string, name: string, image: boolean): CatalogueJersey => ({
  id,
  slug: `2024-${id}`,
  team: { slug: 'sport', name, nameEn: null, article: 'o' },
  model: { slug: 'home', name: 'Camisa 1 "titular"', nameEn: 'Home "first"' },
  supplier: { slug: 'umbro', name: 'Umbro' },
  season: 2024,
  modelYear: '2024/25',
  mainColor: '#ff0000',
  image: image ? { id: `img-${id}`, src: '/i/a.webp', srcSet: '/i/a-320.webp 320w', width: 640, height: 800 } : null,
  active: true,
  teamId: 't1',
  modelId: 'm1',
  supplierId: 's1',
});

const a = jersey('a', 'Sport Club do Recife — Leão \u2028 </script>', true);
const b = jersey('b', 'Náutico', false);

describe('the next duel answer as JSON (duel-json.ts)', () => {
  it('is byte for byte JSON.stringify of the same answer, for every shape', () => {
    const answers: NextDuel[] = [
      {
        scope: { team: null, model: null, tournament: null },
        duel: {
          token: 'abc.def',
          left: duelSide(a, 1512.3),
          right: duelSide(b, 1487.7),
          expiresAt: '2026-11-24T12:00:00.000Z',
          minDecisionMs: 700,
        },
        jerseysCount: 200,
      },
      {
        scope: {
          team: { slug: 'sport', name: 'Sport "Leão"', nameEn: null },
          model: { slug: 'home', name: 'Titular', nameEn: 'Home' },
          tournament: null,
        },
        duel: null,
        jerseysCount: 1,
      },
      {
        scope: {
          team: null,
          model: null,
          tournament: {
            slug: 'copa',
            namePt: 'Copa',
            nameEn: 'Cup',
            size: 8,
            round: 2,
            closesAt: null,
            openMatches: 4,
            answeredMatches: 1,
          },
        },
        duel: { token: 't', left: duelSide(b, 1500), right: duelSide(a, -3.5), expiresAt: 'x', minDecisionMs: 0 },
        jerseysCount: 8,
      },
      // A fresh visitor's answer brings the id it was issued (ADR 0023).
      {
        scope: { team: null, model: null, tournament: null },
        duel: { token: 'u', left: duelSide(a, 1500), right: duelSide(b, 1500), expiresAt: 'y', minDecisionMs: 100 },
        jerseysCount: 2,
        voterId: 'v1.5f0c1c1e-8b7a-4c1d-9a4e-2f9d3c2b1a00.AAAAAAAAAAAAAAAAAAAAAA',
      },
    ];
    for (const answer of answers) expect(nextDuelJson(answer)).toBe(JSON.stringify(answer));
  });

  it('shares a side while its jersey and rating stay, and makes a new one when either changes', () => {
    const side = duelSide(a, 1500);
    expect(duelSide(a, 1500)).toBe(side);
    const moved = duelSide(a, 1508.1);
    expect(moved).not.toBe(side);
    expect(moved).toEqual({ ...side, rating: 1508.1 });
    // A reloaded catalogue brings a new jersey object, with possibly new fields: a new side.
    const reloaded = { ...a, mainColor: '#000000' };
    expect(duelSide(reloaded, 1508.1).mainColor).toBe('#000000');
    expect(Object.keys(side)).not.toContain('teamId');
  });

  it('falls back to JSON.stringify for sides it did not make and answers with other fields', () => {
    const plain = { ...duelSide(a, 1500) };
    const answer = {
      scope: { team: null, model: null, tournament: null },
      duel: { token: 't', left: plain, right: duelSide(b, 1500), expiresAt: 'x', minDecisionMs: 0 },
      jerseysCount: 2,
    };
    expect(nextDuelJson(answer)).toBe(JSON.stringify(answer));
    const extra = { ...answer, note: 'new field' } as NextDuel;
    expect(nextDuelJson(extra)).toBe(JSON.stringify(extra));
    const extraWithId = { ...extra, voterId: 'v1.x' } as NextDuel;
    expect(nextDuelJson(extraWithId)).toBe(JSON.stringify(extraWithId));
  });

  it('writes a vote’s answer byte for byte as JSON.stringify, its next duel included', () => {
    const next: NextDuel = {
      scope: { team: null, model: null, tournament: null },
      duel: { token: 'n.t', left: duelSide(b, 1490), right: duelSide(a, 1510), expiresAt: 'y', minDecisionMs: 100 },
      jerseysCount: 200,
    };
    const results: VoteResult[] = [
      {
        outcome: 'left',
        counted: true,
        left: { id: 'a', rating: 1512.3, change: 12.3 },
        right: { id: 'b', rating: 1487.7, change: -12.3 },
        crowd: { leftWins: 3, rightWins: 1, ties: 0 },
        next,
      },
      {
        outcome: 'skip',
        counted: false,
        left: { id: 'a', rating: 1500, change: 0 },
        right: { id: 'b', rating: 1500, change: 0 },
        crowd: null,
        next: { ...next, duel: null },
      },
    ];
    for (const result of results) expect(voteResultJson(result)).toBe(JSON.stringify(result));
    const { next: first, ...others } = results[0]!;
    const reordered = { next: first, ...others };
    expect(voteResultJson(reordered)).toBe(JSON.stringify(reordered));
  });
});
