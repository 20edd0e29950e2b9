import type { Logger } from 'pino';
import {
  type Pairing,
  type Tally,
  decide,
  drawSize,
  firstRound,
  nextRound,
  seedOrder,
  type Winner,
} from './bracket.ts';
import type { MatchRecord, TournamentRecord, TournamentRepository } from './repository.ts';
import { HOUR_MS } from './status.ts';

/**
 * Draws brackets and closes rounds (docs/tournaments.md §3, §5). Every step runs in one transaction with the
 * tournament's row locked and re-reads what it decides on, so running it twice, or in two processes at once,
 * changes nothing the second time.
 */
export class Rounds {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly log: Logger,
  ) {}

  /**
   * Does what is due in one tournament at `now`: the draw once started, then every round whose planned end
   * has passed (a server that was down catches up). True when anything changed.
   */
  advance(tournamentId: string, now: Date): Promise<boolean> {
    return this.repository.transaction(async (tx) => {
      const t = await tx.lock(tournamentId);
      if (!t || t.completedAt || t.startsAt > now) return false;
      let changed = false;
      if (!t.drawnAt) {
        if (!(await this.draw(tx, t, now))) return false;
        changed = true;
      }
      for (;;) {
        const matches = await this.openRound(tx, t.id);
        if (!matches || matches[0]!.closesAt > now) break;
        // Closed late by the job: at its planned end, so the next round keeps its schedule.
        await this.close(tx, t, matches, matches[0]!.closesAt);
        changed = true;
      }
      return changed;
    });
  }

  /**
   * The organisers' "Encerrar rodada agora" (docs/tournaments.md §5): closes round `round` now, and only
   * while it is the open one. It runs under the same row lock as the job, and re-reads the open round
   * after taking it, so two requests sent together, or a request and the job, close a round once: the
   * later one finds another round open ('not-open') and changes nothing, instead of closing the round the
   * first one just opened.
   */
  closeEarly(tournamentId: string, round: number, now: Date): Promise<'closed' | 'not-open' | 'none'> {
    return this.repository.transaction(async (tx) => {
      const t = await tx.lock(tournamentId);
      const matches = t && !t.completedAt ? await this.openRound(tx, t.id) : null;
      if (!t || !matches) return 'none';
      if (matches[0]!.round !== round) return 'not-open';
      const plannedEnd = matches[0]!.closesAt;
      // Past its planned end but not yet closed by the job: at that end, as the job would.
      await this.close(tx, t, matches, plannedEnd < now ? plannedEnd : now);
      return 'closed';
    });
  }

  /** The open round's matches, locked (a vote waits for the close, or the close for the vote); null if none. */
  private async openRound(tx: TournamentRepository, id: string): Promise<MatchRecord[] | null> {
    const open = await tx.openMatchesLocked(id);
    const round = open[0]?.round;
    return round === undefined ? null : open.filter((m) => m.round === round);
  }

  /** Seeds the pool by the global ranking and creates round 1; false when fewer than 4 jerseys are left. */
  private async draw(tx: TournamentRepository, t: TournamentRecord, now: Date): Promise<boolean> {
    const pool = await tx.poolJerseys(t.pool);
    const size = drawSize(t.size, pool.length);
    if (size === null) {
      this.log.warn({ tournament: t.slug, pool: pool.length }, 'tournament not drawn: fewer than 4 active jerseys');
      return false;
    }
    if (size < t.size) this.log.warn({ tournament: t.slug, asked: t.size, size }, 'tournament drawn smaller');
    const scores = await tx.globalScores();
    const seeded = seedOrder(pool, scores).slice(0, size);
    await tx.insertEntrants(
      seeded.map((jerseyId, i) => ({ tournamentId: t.id, jerseyId, seed: i + 1, score: scores.get(jerseyId) ?? null })),
    );
    await tx.insertMatches(this.matchRows(t, 1, firstRound(seeded, size), t.startsAt));
    await tx.markDrawn(t.id, size, now);
    this.log.info({ tournament: t.slug, size }, 'tournament drawn');
    return true;
  }

  private async close(tx: TournamentRepository, t: TournamentRecord, matches: MatchRecord[], closedAt: Date) {
    const tallies = await tx.tallies(t.id);
    const winners: Winner[] = [];
    for (const m of matches) {
      const found = tallies.get(m.aId < m.bId ? `${m.aId}:${m.bId}` : `${m.bId}:${m.aId}`);
      const tally: Tally = !found
        ? { aWins: 0, bWins: 0, halves: 0 }
        : found.lowId === m.aId
          ? found
          : { aWins: found.bWins, bWins: found.aWins, halves: found.halves };
      const d = decide(tally);
      const [winnerId, seed] = d.side === 'a' ? [m.aId, m.aSeed] : [m.bId, m.bSeed];
      // Conditional on the match being open: a second close of one round can never write twice.
      await tx.decideMatch(m.id, {
        winnerId,
        decidedBy: d.decidedBy,
        aPoints: d.aPoints,
        bPoints: d.bPoints,
        votes: d.votes,
        closedAt,
      });
      winners.push({ slot: m.slot, seed, jerseyId: winnerId });
    }
    const round = matches[0]!.round;
    if (matches.length === 1) await tx.markCompleted(t.id, closedAt);
    else await tx.insertMatches(this.matchRows(t, round + 1, nextRound(winners), closedAt));
    this.log.info({ tournament: t.slug, round, early: closedAt < matches[0]!.closesAt }, 'tournament round closed');
  }

  private matchRows(t: TournamentRecord, round: number, pairs: Pairing<string>[], opensAt: Date) {
    const closesAt = new Date(opensAt.getTime() + t.roundHours * HOUR_MS);
    return pairs.map((p) => ({
      tournamentId: t.id,
      round,
      slot: p.slot,
      aId: p.a.entrant,
      bId: p.b.entrant,
      aSeed: p.a.seed,
      bSeed: p.b.seed,
      opensAt,
      closesAt,
    }));
  }
}
