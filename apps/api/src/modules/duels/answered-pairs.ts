import { pairKey } from './pair-sampler.ts';
import type { DuelRepository } from './repository.ts';

const MAX_VOTERS = 20_000;

/**
 * The pairs each recent voter has answered, so the sampler never repeats one. Loaded once per voter
 * through the votes table's voter index, then kept up to date by this process's votes; least recently
 * used voters are dropped. Another process's votes are seen after this voter's entry is dropped.
 */
export class AnsweredPairs {
  /** Oldest first; `at` counts the entries put at the newest end up to this one's last move there. */
  private readonly voters = new Map<string, { pairs: Set<string>; at: number }>();
  private readonly pending = new Map<string, Promise<Set<string>>>();
  private placed = 0;

  constructor(
    private readonly repository: Pick<DuelRepository, 'answeredPairs'>,
    private readonly maxVoters = MAX_VOTERS,
  ) {}

  /**
   * A voter's pairs when they are in memory (every request after the voter's first), else undefined.
   * An entry moves to the newest end only once it has drifted into the older half, not on every duel:
   * with at most half the limit's entries placed after it, it cannot be the oldest of more than the limit,
   * so an active voter is never the one dropped.
   */
  known(voterKey: string): Set<string> | undefined {
    const entry = this.voters.get(voterKey);
    if (!entry) return undefined;
    if (this.placed - entry.at > this.maxVoters / 2) {
      this.voters.delete(voterKey);
      this.voters.set(voterKey, entry);
      entry.at = ++this.placed;
    }
    return entry.pairs;
  }

  async of(voterKey: string): Promise<Set<string>> {
    const known = this.known(voterKey);
    if (known) return known;
    let load = this.pending.get(voterKey);
    if (!load) {
      load = this.load(voterKey).finally(() => this.pending.delete(voterKey));
      this.pending.set(voterKey, load);
    }
    return load;
  }

  add(voterKey: string, a: string, b: string): void {
    this.voters.get(voterKey)?.pairs.add(pairKey(a, b));
  }

  private async load(voterKey: string): Promise<Set<string>> {
    const rows = await this.repository.answeredPairs(voterKey);
    const pairs = new Set(rows.map((r) => pairKey(r.leftId, r.rightId)));
    this.voters.set(voterKey, { pairs, at: ++this.placed });
    if (this.voters.size > this.maxVoters) this.voters.delete(this.voters.keys().next().value!);
    return pairs;
  }
}
