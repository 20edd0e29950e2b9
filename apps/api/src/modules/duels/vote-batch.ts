import type { DuelRepository, StoreResult, VoteToStore } from './repository.ts';

/** Most votes in one statement: 32 connections' worth and then some, while the JSON stays small. */
const MAX_BATCH = 64;

interface Waiting {
  vote: VoteToStore;
  resolve: (result: StoreResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for votes (docs/decisions/0019-vote-path.md): the votes that arrive while the previous batch
 * is being written wait, and are then stored together in one statement (DuelRepository.storeVotes), one
 * round trip and one commit for all of them. No timer: a vote arriving at an idle moment is written on the
 * next turn of the event loop, alone, with the one-vote statement. Each vote's promise settles only after
 * its batch has committed, with its own result (stored, counted or not, replayed). Tournament votes, with
 * their match lock, are always written alone.
 */
export class VoteBatcher {
  private waiting: Waiting[] = [];
  private writing = 0;
  private scheduled = false;

  constructor(
    private readonly repository: Pick<DuelRepository, 'storeVote' | 'storeVotes'>,
    /** Batches written at once. One: a second batch mostly waits on the first's counter rows (ADR 0019). */
    private readonly maxWriting = 1,
  ) {}

  store(vote: VoteToStore): Promise<StoreResult> {
    if (vote.match) return this.repository.storeVote(vote);
    return new Promise((resolve, reject) => {
      this.waiting.push({ vote, resolve, reject });
      this.schedule();
    });
  }

  /** After the requests read in this turn of the event loop, so they join the batch. */
  private schedule(): void {
    if (this.writing >= this.maxWriting || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.write();
    });
  }

  private async write(): Promise<void> {
    if (this.writing >= this.maxWriting) return;
    const batch = this.take();
    if (batch.length === 0) return;
    this.writing++;
    let answer: () => void;
    try {
      answer = await this.stored(batch);
    } finally {
      this.writing--;
    }
    // The next batch goes to the database first, and this one's votes are answered on the next turn, while
    // it works: building and sending the answers would otherwise keep it waiting (ADR 0019, second addendum).
    // The votes waiting now arrived while this batch was written, so none is left for a later turn.
    void this.write();
    setImmediate(answer);
  }

  /** Writes a batch; returns what settles its votes, each with its own result or error. */
  private async stored(batch: Waiting[]): Promise<() => void> {
    if (batch.length === 1) return outcome(batch[0]!, () => this.repository.storeVote(batch[0]!.vote));
    let results: StoreResult[] | null = null;
    try {
      results = await this.repository.storeVotes(batch.map((w) => w.vote));
    } catch {
      // The statement failed as a whole and wrote nothing (e.g. a jersey deleted by another process, a
      // deadlock with another process): each vote again on its own, so each gets its own answer or error.
    }
    if (results) return () => batch.forEach((w, i) => w.resolve(results[i]!));
    const each = await Promise.all(batch.map((w) => outcome(w, () => this.repository.storeVote(w.vote))));
    return () => each.forEach((settle) => settle());
  }

  /**
   * Up to MAX_BATCH waiting votes in arrival order, one per voter key: the batch statement counts each
   * voter's daily row once (DuelService already stores one voter's votes one after another).
   */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const voters = new Set<string>();
    for (const w of this.waiting) {
      if (batch.length < MAX_BATCH && !voters.has(w.vote.voterKey)) {
        voters.add(w.vote.voterKey);
        batch.push(w);
      } else rest.push(w);
    }
    this.waiting = rest;
    return batch;
  }
}

/** Runs a vote's write; returns what settles its promise with the result or the error. */
async function outcome(w: Waiting, work: () => Promise<StoreResult>): Promise<() => void> {
  try {
    const result = await work();
    return () => w.resolve(result);
  } catch (error) {
    return () => w.reject(error);
  }
}
