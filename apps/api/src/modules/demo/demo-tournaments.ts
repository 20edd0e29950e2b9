import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { VoteOutcome } from '@manto/contracts';
import type { StoredPool } from '#db/schema/index.ts';
import { Rng } from '#lib/rng.ts';
import { tournamentScope } from '#lib/scopes.ts';
import type { Rounds, TournamentRepository } from '#modules/tournaments/index.ts';
import type { SimJersey, SimVote } from './demo-votes.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface DemoTournament {
  slug: string;
  namePt: string;
  nameEn: string;
  descriptionPt: string;
  descriptionEn: string;
  size: number;
  /** Start relative to the seeding time. */
  startOffsetMs: number;
  roundHours: number;
  pool: StoredPool;
}

/**
 * Three tournaments a fresh demo shows (docs/tournaments.md): one completed (started 9 days ago, four
 * 48-hour rounds), one mid-way (its second round open now, votes in it) and one upcoming.
 */
function demoTournaments(models: { home: string; away: string }): DemoTournament[] {
  const rule = (change: Partial<Extract<StoredPool, { kind: 'rule' }>>): StoredPool => ({
    kind: 'rule',
    teamIds: [],
    modelIds: [],
    supplierIds: [],
    seasonFrom: null,
    seasonTo: null,
    category: null,
    ...change,
  });
  return [
    {
      slug: 'copa-das-camisas-2026',
      namePt: 'Copa das Camisas 2026',
      nameEn: 'Jersey Cup 2026',
      descriptionPt: 'Os uniformes titulares dos clubes, em mata-mata decidido pela torcida.',
      descriptionEn: "Clubs' home kits in a knockout decided by the fans.",
      size: 16,
      startOffsetMs: -9 * DAY_MS,
      roundHours: 48,
      pool: rule({ modelIds: [models.home], category: 'club' }),
    },
    {
      slug: 'taca-das-selecoes',
      namePt: 'Taça das Seleções',
      nameEn: 'National Teams Cup',
      descriptionPt: 'As camisas das seleções frente a frente. Vote na rodada aberta!',
      descriptionEn: 'National team jerseys head to head. Vote in the open round!',
      size: 8,
      startOffsetMs: -3 * DAY_MS,
      roundHours: 48,
      pool: rule({ category: 'national' }),
    },
    {
      slug: 'copa-reserva',
      namePt: 'Copa Reserva',
      nameEn: 'Away Kit Cup',
      descriptionPt: 'Só camisas reserva. A chave é sorteada pelo ranking na largada.',
      descriptionEn: 'Away kits only. The bracket is seeded by the ranking at kick-off.',
      size: 16,
      startOffsetMs: 2 * DAY_MS,
      roundHours: 24,
      pool: rule({ modelIds: [models.away] }),
    },
  ];
}

/**
 * Creates the demo tournaments and plays their past rounds: simulated fans vote in each open match by the
 * jerseys' hidden strengths, and the rounds close through the same code as the round job. Returns the votes
 * written, for the live ratings' replay.
 */
export async function seedDemoTournaments(
  repository: TournamentRepository,
  rounds: Rounds,
  insertVotes: (votes: SimVote[]) => Promise<void>,
  jerseys: readonly SimJersey[],
  models: { home: string; away: string },
  now: Date,
  log: Logger,
): Promise<SimVote[]> {
  const strength = new Map(jerseys.map((j) => [j.id, j.strength]));
  const rng = new Rng(2026);
  const unit = () => rng.nextU32() / 4294967296;
  const all: SimVote[] = [];
  for (const spec of demoTournaments(models)) {
    const startsAt = new Date(now.getTime() + spec.startOffsetMs);
    const { startOffsetMs: _offset, ...values } = spec;
    const id = await repository.insert({ ...values, coverImageId: null, startsAt });
    if (startsAt > now) continue;
    await rounds.advance(id, startsAt);
    for (let cursor = startsAt; ;) {
      const open = await repository.openMatches(id, cursor);
      const first = open[0];
      if (!first) break;
      const until = Math.min(first.closesAt.getTime(), now.getTime());
      const votes: SimVote[] = [];
      for (const m of open) {
        const voters = 20 + Math.floor(unit() * 40);
        for (let k = 0; k < voters; k++) {
          const [leftId, rightId] = unit() < 0.5 ? [m.aId, m.bId] : [m.bId, m.aId];
          const u = unit();
          const gap = (strength.get(leftId) ?? 0) - (strength.get(rightId) ?? 0);
          const outcome: VoteOutcome =
            u < 0.04
              ? 'skip'
              : u < 0.1
                ? 'tie'
                : u < 0.13
                  ? 'both_bad'
                  : unit() < 1 / (1 + Math.exp(-gap))
                    ? 'left'
                    : 'right';
          const answeredAt = new Date(first.opensAt.getTime() + (until - first.opensAt.getTime()) * unit());
          votes.push({
            duelId: randomUUID(),
            scope: tournamentScope(id),
            leftId,
            rightId,
            outcome,
            skipReason: outcome === 'skip' ? 'cant_decide' : null,
            voterKey: `demo:cup:${k}`,
            issuedAt: new Date(answeredAt.getTime() - 2000 - Math.floor(6000 * unit())),
            answeredAt,
          });
        }
      }
      await insertVotes(votes);
      all.push(...votes);
      if (first.closesAt > now) break;
      cursor = first.closesAt;
      await rounds.advance(id, cursor);
    }
  }
  log.info({ tournaments: 3, votes: all.length }, 'demo tournaments seeded');
  return all;
}
