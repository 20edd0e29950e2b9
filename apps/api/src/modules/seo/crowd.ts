import { wholePercents } from '@manto/contracts/percents';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { pairStats } from '#db/schema/index.ts';

/** How the crowd voted on a pair, from one jersey's side: its wins, the other's, and the ties. */
export interface PairTally {
  wins: number;
  losses: number;
  ties: number;
}

/** A pair's tally, the one a vote's answer shows as its `crowd` (pair_stats). */
export interface CrowdTallies {
  tally(jerseyId: string, otherId: string): Promise<PairTally>;
}

/** A pair's tally is kept this long: as long as a page's head tags (SeoService). */
const TALLY_MS = 5_000;
const TALLY_ENTRIES = 2_000;

/**
 * The crowd's tally of a pair, read by the pair's key (one row of pair_stats, the table the vote statement
 * adds to and answers `crowd` from) and kept a few seconds: a shared duel asked for by every preview bot of a
 * chat costs one read. Nothing else in the seo module reads the database.
 */
export class PairTallies implements CrowdTallies {
  private readonly kept = new Map<
    string,
    { at: number; value: Promise<{ low: number; high: number; ties: number }> }
  >();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async tally(jerseyId: string, otherId: string): Promise<PairTally> {
    // Pairs are stored once, lower id first, as the vote statement writes them.
    const lowIsJersey = jerseyId < otherId;
    const [low, high] = lowIsJersey ? [jerseyId, otherId] : [otherId, jerseyId];
    const row = await this.read(low, high);
    return lowIsJersey
      ? { wins: row.low, losses: row.high, ties: row.ties }
      : { wins: row.high, losses: row.low, ties: row.ties };
  }

  private read(low: string, high: string) {
    const key = `${low}|${high}`;
    const hit = this.kept.get(key);
    if (hit && this.now() - hit.at < TALLY_MS) return hit.value;
    const value = this.db
      .select({ low: pairStats.lowWins, high: pairStats.highWins, ties: pairStats.ties })
      .from(pairStats)
      .where(and(eq(pairStats.lowId, low), eq(pairStats.highId, high)))
      .limit(1)
      .then(([row]) => row ?? { low: 0, high: 0, ties: 0 });
    this.kept.delete(key);
    this.kept.set(key, { at: this.now(), value });
    value.catch(() => {
      if (this.kept.get(key)?.value === value) this.kept.delete(key);
    });
    if (this.kept.size > TALLY_ENTRIES) this.kept.delete(this.kept.keys().next().value!);
    return value;
  }
}

/**
 * A jersey's share of a pair's votes, as a whole percent, rounded as the duel's crowd bar rounds it
 * (wholePercents over wins, ties and losses), so the shared result says the number the voter saw.
 */
export function winnerShare({ wins, losses, ties }: PairTally): number {
  return wholePercents([wins, ties, losses])[0]!;
}
