import { describe, expect, it } from 'vitest';
import { spearman } from '#test/stats.ts';
import { fitScope } from '#modules/rankings/fit-scope.ts';
import { scopeData } from '#modules/rankings/job.ts';
import { talliesFromVotes } from '#modules/rankings/tallies.ts';
import { GLOBAL } from '#lib/scopes.ts';
import type { CatalogueJersey } from '#modules/jerseys/service.ts';
import { hiddenStrength, simulateVotes } from './demo-votes.ts';

// 60 jerseys: 10 teams × 2 models × 3 seasons, with the demo's hidden strengths.
const jerseys = Array.from({ length: 60 }, (_, i) => {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const home = i % 2 === 0;
  return {
    id,
    teamId: `team-${Math.floor(i / 6)}`,
    modelId: home ? 'home' : 'away',
    strength: hiddenStrength(`team-${Math.floor(i / 6)}/${i}`, home),
  };
});
const asCatalogue = (j: (typeof jerseys)[number]) => ({ ...j, active: true }) as unknown as CatalogueJersey;

describe('demo votes', () => {
  const votes = simulateVotes(jerseys, { voters: 90, meanVotes: 130, seed: 1970, end: new Date(), days: 14 });

  it('are deterministic, time ordered, and within the window with a human decision time', () => {
    const again = simulateVotes(jerseys, { voters: 90, meanVotes: 130, seed: 1970, end: new Date(), days: 14 });
    expect(again.map((v) => [v.leftId, v.rightId, v.outcome])).toEqual(
      votes.map((v) => [v.leftId, v.rightId, v.outcome]),
    );
    for (let k = 1; k < votes.length; k++) expect(votes[k]!.answeredAt >= votes[k - 1]!.answeredAt).toBe(true);
    for (const v of votes) {
      expect(v.leftId).not.toBe(v.rightId);
      expect(v.answeredAt.getTime() - v.issuedAt.getTime()).toBeGreaterThanOrEqual(1500);
    }
    const share = (o: string) => votes.filter((v) => v.outcome === o).length / votes.length;
    expect(share('skip')).toBeGreaterThan(0.02);
    expect(share('tie')).toBeGreaterThan(0.03);
  });

  it('let the Bradley-Terry fit recover the hidden preference order', async () => {
    const counted = votes.filter((v) => v.outcome !== 'skip');
    const rows = counted.map((v) => ({ left_id: v.leftId, right_id: v.rightId, outcome: v.outcome, n: 1 }));
    const members = jerseys.map(asCatalogue).sort((x, y) => (x.id < y.id ? -1 : 1));
    const position = new Map(members.map((j, i) => [j.id, i]));
    const input = await scopeData(GLOBAL, members, position, talliesFromVotes(rows, position));
    const fit = fitScope(input.data, 50, 7);
    const truth = input.members.map((m) => jerseys.find((j) => j.id === m.id)!.strength);
    expect(spearman(fit.score, truth)).toBeGreaterThan(0.9);
  });

  it('keep team duels inside one team', () => {
    const teamOf = new Map(jerseys.map((j) => [j.id, j.teamId]));
    const teamVotes = votes.filter((v) => v.scope.startsWith('team:'));
    expect(teamVotes.length).toBeGreaterThan(votes.length * 0.3);
    for (const v of teamVotes) {
      expect(teamOf.get(v.leftId)).toBe(teamOf.get(v.rightId));
      expect(v.scope.startsWith(`team:${teamOf.get(v.leftId)}`)).toBe(true);
    }
  });
});
