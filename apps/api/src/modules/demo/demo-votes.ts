import { randomUUID } from 'node:crypto';
import type { SkipReason, VoteOutcome } from '@manto/contracts';
import { Rng } from '#lib/rng.ts';
import { countedScopes, modelScope, scopeKey } from '#lib/scopes.ts';
import { type CountedOutcome, ELO_START, type EloState, eloChanges } from '#modules/duels/index.ts';
import { hash } from './demo-data.ts';

export interface SimJersey {
  id: string;
  teamId: string;
  modelId: string;
  /** Hidden "true" appeal on the logit scale: P(a beats b) = σ(a − b). */
  strength: number;
}

export interface SimVote {
  duelId: string;
  scope: string;
  leftId: string;
  rightId: string;
  outcome: VoteOutcome;
  skipReason: SkipReason | null;
  voterKey: string;
  /** The simulated member who voted; absent for visitors. */
  userId?: string;
  issuedAt: Date;
  answeredAt: Date;
}

/** A simulated member: their votes lean towards their favourite team's jerseys (docs/segments.md). */
export interface SimFan {
  userId: string;
  teamId: string;
}

/** How much more a fan likes their own team's jerseys, on the logit scale: enough to move the neutral ranking. */
const OWN_TEAM_BIAS = 1.5;

const SKIPS: SkipReason[] = ['dont_know', 'cant_decide', 'same'];

/** A hidden appeal from a stable key (team and jersey slugs), so every demo install agrees. */
export function hiddenStrength(key: string, home: boolean): number {
  const rng = new Rng(hash(key));
  // Box-Muller: a normal draw, sd 0.9, and home kits a little more loved.
  const u = (rng.nextU32() + 1) / 4294967297;
  const v = rng.nextU32() / 4294967296;
  return 0.9 * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v) + (home ? 0.25 : 0);
}

/**
 * Simulated voters over `days` days: each duel is global (55%), within a team (35%) or within a team
 * and model (10%), like the screens offer. A voter picks by the hidden strengths through their own
 * noise (a "temperature"), ties 6%, both bad 3%, skips 4%. `voters` visitors vote first, then each of
 * `fans` (members), who add OWN_TEAM_BIAS to their team's jerseys. Deterministic for a seed.
 */
export function simulateVotes(
  jerseys: readonly SimJersey[],
  opts: { voters: number; meanVotes: number; seed: number; end: Date; days: number; fans?: readonly SimFan[] },
): SimVote[] {
  const rng = new Rng(opts.seed);
  const unit = () => rng.nextU32() / 4294967296;
  const byTeam = new Map<string, SimJersey[]>();
  for (const j of jerseys) byTeam.set(j.teamId, [...(byTeam.get(j.teamId) ?? []), j]);
  const teams = [...byTeam.values()].filter((list) => list.length >= 2);
  const two = <T>(list: readonly T[]): [T, T] => {
    const i = Math.floor(unit() * list.length);
    let k = Math.floor(unit() * (list.length - 1));
    if (k >= i) k++;
    return [list[i]!, list[k]!];
  };
  const span = opts.days * 86_400_000;
  const out: SimVote[] = [];
  const fans = opts.fans ?? [];
  for (let voter = 0; voter < opts.voters + fans.length; voter++) {
    const fan = voter < opts.voters ? null : fans[voter - opts.voters]!;
    const voterKey = fan ? `u:${fan.userId}` : `demo:${voter}`;
    const appeal = (j: SimJersey) => j.strength + (fan && j.teamId === fan.teamId ? OWN_TEAM_BIAS : 0);
    const temperature = 0.7 + 0.6 * unit();
    // Members vote less than the demo's keenest visitors: a third as much on average.
    const n = Math.max(5, Math.round((fan ? opts.meanVotes / 3 : opts.meanVotes) * (0.3 + 1.4 * unit())));
    for (let k = 0; k < n; k++) {
      const kind = unit();
      let pair: [SimJersey, SimJersey];
      let scope: string;
      if (kind < 0.55 || teams.length === 0) {
        pair = two(jerseys);
        scope = scopeKey(null, null);
      } else {
        const team = teams[Math.floor(unit() * teams.length)]!;
        pair = two(team);
        scope = scopeKey(pair[0].teamId, null);
        if (kind >= 0.9) {
          const sameModel = team.filter((j) => j.modelId === pair[0].modelId);
          if (sameModel.length >= 2) {
            pair = two(sameModel);
            scope = modelScope(pair[0].teamId, pair[0].modelId);
          }
        }
      }
      const [left, right] = pair;
      const u = unit();
      let outcome: VoteOutcome;
      if (u < 0.04) outcome = 'skip';
      else if (u < 0.1) outcome = 'tie';
      else if (u < 0.13) outcome = 'both_bad';
      else outcome = unit() < 1 / (1 + Math.exp(-(appeal(left) - appeal(right)) / temperature)) ? 'left' : 'right';
      const answeredAt = new Date(opts.end.getTime() - span * unit());
      out.push({
        duelId: randomUUID(),
        scope,
        leftId: left.id,
        rightId: right.id,
        outcome,
        skipReason: outcome === 'skip' ? SKIPS[Math.floor(unit() * SKIPS.length)]! : null,
        voterKey,
        ...(fan ? { userId: fan.userId } : {}),
        issuedAt: new Date(answeredAt.getTime() - 1500 - Math.floor(7500 * unit())),
        answeredAt,
      });
    }
  }
  return out.sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime());
}

/**
 * Replays simulated votes in time order through the same live Elo and pair tally a real vote goes
 * through: the rows to write for the votes, the live ratings and the pair tallies.
 */
export function replayVotes(jerseys: readonly SimJersey[], simulated: readonly SimVote[]) {
  const byId = new Map(jerseys.map((j) => [j.id, j]));
  const ratings = new Map<string, EloState>();
  const pairs = new Map<string, { lowId: string; highId: string; lowWins: number; highWins: number; ties: number }>();
  for (const v of simulated) {
    if (v.outcome === 'skip') continue;
    const left = byId.get(v.leftId)!;
    const right = byId.get(v.rightId)!;
    for (const scope of countedScopes(left, right)) {
      const l = ratings.get(`${scope}|${left.id}`) ?? { rating: ELO_START, games: 0 };
      const r = ratings.get(`${scope}|${right.id}`) ?? { rating: ELO_START, games: 0 };
      const [dl, dr] = eloChanges(l, r, v.outcome as CountedOutcome);
      ratings.set(`${scope}|${left.id}`, { rating: l.rating + dl, games: l.games + 1 });
      ratings.set(`${scope}|${right.id}`, { rating: r.rating + dr, games: r.games + 1 });
    }
    const [lowId, highId] = left.id < right.id ? [left.id, right.id] : [right.id, left.id];
    const key = `${lowId}|${highId}`;
    const p = pairs.get(key) ?? { lowId, highId, lowWins: 0, highWins: 0, ties: 0 };
    const winner = v.outcome === 'left' ? left.id : v.outcome === 'right' ? right.id : null;
    if (winner === null) p.ties++;
    else if (winner === lowId) p.lowWins++;
    else p.highWins++;
    pairs.set(key, p);
  }
  return {
    votes: simulated.map((v) => ({
      ...v,
      ipHash: null,
      userAgent: 'demo simulation',
      fast: v.answeredAt.getTime() - v.issuedAt.getTime() < 2000,
    })),
    ratings: [...ratings].map(([key, state]) => {
      const cut = key.lastIndexOf('|');
      return { scope: key.slice(0, cut), jerseyId: key.slice(cut + 1), rating: state.rating, games: state.games };
    }),
    pairs: [...pairs.values()],
  };
}
