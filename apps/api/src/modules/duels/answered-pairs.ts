import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#db/client.ts';
import { pairKey } from './pair-sampler.ts';

const MAX_VOTERS = 20_000;

/**
 * The pairs each recent voter has answered, so the sampler never repeats one. Loaded once per voter
 * through the votes table's voter index, then kept up to date by this process's votes; least recently
 * used voters are dropped. Another process's votes are seen after this voter's entry is dropped.
 */
export class AnsweredPairs {
  private readonly voters = new Map<string, Set<string>>();
  private readonly pending = new Map<string, Promise<Set<string>>>();

  constructor(private readonly db: Db) {}

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
    const rows = await queryRows<{ left_id: string; right_id: string }>(
      this.db,
      sql`select left_id, right_id from votes where voter_key = ${voterKey}`,
    );
    const pairs = new Set(rows.map((r) => pairKey(r.left_id, r.right_id)));
    this.voters.set(voterKey, pairs);
    if (this.voters.size > MAX_VOTERS) this.voters.delete(this.voters.keys().next().value!);
    return pairs;
  }
}
