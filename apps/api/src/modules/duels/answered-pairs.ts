import { pairKey } from './pair-sampler.ts';
import type { DuelRepository } from './repository.ts';

const MAX_VOTERS = 20_000;

/**
 * The pairs each recent voter has answered, so the sampler never repeats one. Loaded once per voter
 * through the votes table's voter index, then kept up to date by this process's votes; least recently
 * used voters are dropped. Another process's votes are seen after this voter's entry is dropped.
 */
export class AnsweredPairs {
  private readonly voters = new Map<string, Set<string>>();
  private readonly pending = new Map<string, Promise<Set<string>>>();

  constructor(private readonly repository: Pick<DuelRepository, 'answeredPairs'>) {}

  async of(voterKey: string): Promise<Set<string>> {
    const known = this.voters.get(voterKey);
    if (known) {
      // Re-insert to mark as recently used.
      this.voters.delete(voterKey);
      this.voters.set(voterKey, known);
      return known;
    }
    let load = this.pending.get(voterKey);
    if (!load) {
      load = this.load(voterKey).finally(() => this.pending.delete(voterKey));
      this.pending.set(voterKey, load);
    }
    return load;
  }

  add(voterKey: string, a: string, b: string): void {
    this.voters.get(voterKey)?.add(pairKey(a, b));
  }

  private async load(voterKey: string): Promise<Set<string>> {
    const rows = await this.repository.answeredPairs(voterKey);
    const pairs = new Set(rows.map((r) => pairKey(r.leftId, r.rightId)));
    this.voters.set(voterKey, pairs);
    if (this.voters.size > MAX_VOTERS) this.voters.delete(this.voters.keys().next().value!);
    return pairs;
  }
}
