import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { GLOBAL, teamScope } from '#lib/scopes.ts';
import type { CatalogueJersey } from '#modules/jerseys/index.ts';
import { MAX_PAIR_VOTES, type PairData } from './bradley-terry/index.ts';
import type { FitExecutor, PairArrays } from './fit-executor.ts';
import { flagOutliers } from './outliers.ts';
import type { RankingRepository } from './repository.ts';
import {
  type Membership,
  NEUTRAL,
  OWN,
  effectiveMembership,
  isPeopleSegment,
  memberSegments,
  planBatches,
  segmentsOf,
  showable,
} from './segments.ts';
import { NO_TALLIES, type PairTallies, subtractTalliesInPlace, talliesFromVotes } from './tallies.ts';

/**
 * Fewer counted votes than this in a scope, or a wider 95% interval, and the jersey is provisional: marked as
 * such, ranked by its score like any other (docs/ranking.md §3.4, ADR 0034).
 */
export const PROVISIONAL_VOTES = 30;
export const PROVISIONAL_WIDTH = 300;
/**
 * The rules a snapshot's order and flags follow besides its data, hashed into every scope's digest: when they
 * change, every scope is refitted once, so no stored snapshot keeps an order or flags made under older rules.
 */
const RULES = `ranks by score, ties by id; provisional: < ${PROVISIONAL_VOTES} votes or > ${PROVISIONAL_WIDTH} points`;
/** Small scopes are cheap: resample them more for steadier intervals (docs/ranking.md §3). */
const SMALL_SCOPE_ROUNDS = 200;
const SMALL_SCOPE_JERSEYS = 50;
const LEASE = 'rankings';
/**
 * A short lease, renewed every LEASE_SECONDS / 3 while this process fits: a process killed mid-fit
 * holds it at most this long, so another (or the restarted one) refits soon after (was 600 s).
 */
export const LEASE_SECONDS = 30;
/** Fits kept per scope: the latest ones, plus the last of each day for the score-over-time chart. */
const KEEP_RECENT = 20;

export interface RankingJobOptions {
  intervalMs: number;
  rounds: number;
  log: Logger;
  /** Called after new snapshots are written (readers drop their caches). */
  onFitted?: () => void;
  /** Called after every run: how long it took and how many scopes it fitted, or that it failed (metrics). */
  onRun?: (run: { ok: true; seconds: number; fitted: number } | { ok: false }) => void;
  /** How often a running fit renews its lease (tests shorten it); LEASE_SECONDS / 3 by default. */
  heartbeatMs?: number;
  /**
   * Segment rankings (docs/segments.md): the distinct voters a segment of people needs, how often at most
   * they are refitted (each refresh costs about as much as the global fit again), and how long at most a
   * membership change waits for its batch; off when absent.
   */
  segments?: { minVoters: number; intervalMs: number; maxWaitMs: number };
  /** The clock a batch's wait is measured by (the app's; tests move it). */
  now?: () => number;
}

interface ScopeData {
  scope: string;
  members: CatalogueJersey[];
  data: PairData;
  wins: Int32Array;
  losses: Int32Array;
  ties: Int32Array;
  votes: number;
  digest: string;
  /** Distinct voters, for segments of people. */
  voters?: number;
}

/**
 * The official ranking (docs/ranking.md §3): on a timer, off the request path, one process at a time
 * (a lease row, which PGlite and PostgreSQL both honour without a dedicated connection), refit every
 * scope whose votes or jerseys changed and write a snapshot readers are served from.
 * Scopes: global and each team. Team + model duels count in those two; they get no ranking of their own.
 */
export class RankingJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private lastState = '';
  /** When the segments were last fitted, and whether a change is waiting for their next turn. */
  private segmentsFittedAt = 0;
  private segmentsPending = false;
  /** When a membership batch held back goes through on its own (docs/segments.md), or null. */
  private batchDueAt: number | null = null;
  private readonly holder = randomUUID();
  /** Where a scope's pairs are built: in place for the executor when it offers that (no copy at the peak). */
  private readonly pairArrays = (n: number, m: number) => this.executor.pairArrays?.(n, m) ?? newPairArrays(n, m);

  constructor(
    private readonly repository: RankingRepository,
    private readonly catalogue: () => Promise<CatalogueJersey[]>,
    private readonly executor: FitExecutor,
    private readonly opts: RankingJobOptions,
  ) {}

  /** First run after `delay` (prompt, so a fresh demo shows a ranking), then every interval. */
  start(delayMs: number): void {
    this.schedule(delayMs);
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.runOnce()
        .catch((err) => this.opts.log.error({ err }, 'ranking fit failed'))
        .finally(() => this.schedule(this.opts.intervalMs));
    }, delayMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    await this.executor.close();
  }

  /**
   * Fits what changed and returns the scopes fitted. `until` fits only votes answered by then and
   * stamps the snapshot with that time (the demo's history); `force` refits unchanged scopes too.
   */
  runOnce(opts: { until?: Date; force?: boolean } = {}): Promise<string[]> {
    const run = (this.running ?? Promise.resolve()).catch(() => undefined).then(() => this.timed(opts));
    this.running = run;
    return run;
  }

  private async timed(opts: { until?: Date; force?: boolean }): Promise<string[]> {
    const started = performance.now();
    try {
      const fitted = await this.run(opts);
      this.opts.onRun?.({ ok: true, seconds: (performance.now() - started) / 1000, fitted: fitted.length });
      return fitted;
    } catch (err) {
      this.opts.onRun?.({ ok: false });
      throw err;
    }
  }

  private async run(opts: { until?: Date; force?: boolean }): Promise<string[]> {
    const state = await this.state();
    const batchDue = this.batchDueAt !== null && this.now() >= this.batchDueAt;
    const segmentsWaiting = (this.segmentsPending || batchDue) && this.segmentsDue(false);
    if (!opts.force && !opts.until && state === this.lastState && !segmentsWaiting) return [];
    if (!(await this.acquire())) return [];
    // Operators (and `npm run drill`) see when a fit begins, not only when it ends.
    this.opts.log.info('ranking fit started');
    const heartbeat = setInterval(
      () => {
        this.acquire()
          .then((held) => held || this.opts.log.warn('ranking lease lost to another process during a fit'))
          .catch((err) => this.opts.log.warn({ err }, 'ranking lease renewal failed'));
      },
      this.opts.heartbeatMs ?? (LEASE_SECONDS * 1000) / 3,
    );
    heartbeat.unref();
    try {
      const fitted = await this.fitAll(opts);
      if (!opts.until) this.lastState = state;
      if (fitted.length > 0) this.opts.onFitted?.();
      return fitted;
    } finally {
      clearInterval(heartbeat);
      await this.release();
      // With 'ranking fit started', the span this process held the lease (npm run drill:cluster checks that no
      // two processes' spans overlap).
      this.opts.log.info('ranking lease released');
    }
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  private state(): Promise<string> {
    return this.repository.state();
  }

  private acquire(): Promise<boolean> {
    return this.repository.acquireLease(LEASE, this.holder, LEASE_SECONDS);
  }

  private release(): Promise<void> {
    return this.repository.releaseLease(LEASE, this.holder);
  }

  private async fitAll(opts: { until?: Date; force?: boolean }): Promise<string[]> {
    const until = opts.until ?? null;
    const [jerseys, previous, lastVoteId] = await Promise.all([
      this.catalogue(),
      this.repository.latestFits(),
      // The live fits count exactly the votes up to this id (docs/ranking.md §7), and a vote newer than it is
      // judged for outliers after the next fit.
      this.repository.voteWatermark(),
    ]);
    const active = jerseys.filter((j) => j.active).sort((x, y) => (x.id < y.id ? -1 : 1));
    const position = new Map(active.map((j, i) => [j.id, i]));
    // The live tallies are kept per vote (docs/ranking.md §3); only a replay of history rescans the votes.
    // Held in an object the segments can let go of, once the neutral ranking is built over them.
    const global = {
      tallies: until
        ? talliesFromVotes(await this.repository.countedVotes(until), position)
        : await this.liveTallies(position, lastVoteId),
    };
    // The global scope, then each team's, gathered in one pass (filtering the catalogue once per team took
    // 500 × 10 000 checks, half a second of the event loop).
    const scopes = new Map([[GLOBAL, active]]);
    for (const j of active) {
      const scope = teamScope(j.teamId);
      const members = scopes.get(scope);
      if (members) members.push(j);
      else scopes.set(scope, [j]);
    }
    const lastFit = new Map(previous.map((p) => [p.scope, p]));
    const fitted: string[] = [];
    let globalFitId: number | null = null;
    for (const [scope, members] of scopes) {
      // An empty catalogue has nothing to rank (and the fit needs at least one jersey).
      if (members.length === 0) continue;
      const input = await scopeData(scope, members, position, global.tallies, this.pairArrays);
      const last = lastFit.get(scope);
      if (!opts.force && !until && last?.digest === input.digest) continue;
      const fitId = await this.fitAndWrite(input, last?.id ?? null, until, lastVoteId);
      if (scope === GLOBAL) globalFitId = fitId;
      fitted.push(scope);
    }
    // The ordinary rankings are published before the segments, which are slower and refreshed less often.
    this.opts.log.info({ scopes: fitted.length, until }, 'rankings fitted');
    if (fitted.length > 0) this.opts.onFitted?.();
    // Segments before the outlier check, so they read the same votes as the scopes above.
    if (!until && this.segmentsDue(opts.force ?? false)) {
      const started = performance.now();
      const segments = await this.fitSegments(active, position, global, lastFit, opts.force ?? false, lastVoteId);
      this.segmentsFittedAt = this.now();
      this.segmentsPending = false;
      fitted.push(...segments);
      const seconds = (performance.now() - started) / 1000;
      this.opts.log.info({ segments: segments.length, seconds }, 'segment rankings fitted');
    } else if (!until && this.opts.segments) {
      this.segmentsPending = true;
    }
    if (globalFitId !== null && !until) {
      const since = lastFit.get(GLOBAL)?.lastVoteId ?? null;
      const flagged = await flagOutliers(this.repository, globalFitId, since);
      if (flagged > 0) this.opts.log.warn({ flagged }, 'voters flagged as outliers; their votes no longer count');
    }
    return fitted;
  }

  /**
   * The live global tallies of the votes up to `upTo` (the watermark), read into arrays sized to the table
   * (with room for pairs first voted on while it is read): grown in steps, a 1.8 M-pair read left 40 MB of
   * outgrown arrays at the peak.
   */
  private async liveTallies(position: ReadonlyMap<string, number>, upTo: number): Promise<PairTallies> {
    const rows = await this.repository.pairCount();
    return this.repository.pairTallies(position, undefined, Math.ceil(rows * 1.01) + 1024, undefined, upTo);
  }

  /** Segments are refitted at most every `segments.intervalMs` (or when forced). */
  private segmentsDue(force: boolean): boolean {
    const segments = this.opts.segments;
    return !!segments && (force || this.now() - this.segmentsFittedAt >= segments.intervalMs);
  }

  private async fitAndWrite(input: ScopeData, previousFitId: number | null, until: Date | null, lastVoteId: number) {
    const started = Date.now();
    const rounds = input.members.length <= SMALL_SCOPE_JERSEYS ? SMALL_SCOPE_ROUNDS : this.opts.rounds;
    const result = await this.executor.run(input.data, rounds, seedOf(input.digest));
    return this.write(input, result, rounds, Date.now() - started, previousFitId, until, lastVoteId);
  }

  /**
   * The neutral ranking and every segment of people that may be shown (docs/segments.md): the members'
   * profile changes are applied to the segments in batches, segments below the threshold or hidden by
   * complementary suppression lose their fits, the members' votes are aggregated by segment in the database,
   * and a segment is refitted only when its tallies, voters or the active jerseys changed. Returns the
   * segments fitted.
   */
  private async fitSegments(
    active: CatalogueJersey[],
    position: ReadonlyMap<string, number>,
    global: { tallies: PairTallies },
    lastFit: ReadonlyMap<string, { id: number; digest: string }>,
    force: boolean,
    lastVoteId: number,
  ): Promise<string[]> {
    const { minVoters, maxWaitMs } = this.opts.segments!;
    const desired: Membership = new Map();
    for (const m of (await this.repository.segmentMembers()).map(memberSegments))
      for (const key of segmentsOf(m)) {
        const set = desired.get(key) ?? new Set<string>();
        desired.set(key, set.add(m.id));
      }
    const [applied, pending] = await Promise.all([this.repository.appliedMembership(), this.repository.pendingSince()]);
    const everyone = new Set([...desired.values(), ...applied.values()].flatMap((ids) => [...ids]));
    const voting = await this.repository.votingMembers([...everyone]);
    const plan = planBatches({ desired, applied, voting, pending, now: this.now(), minVoters, maxWaitMs });
    await this.repository.saveMembership(plan.save, plan.waiting, plan.settled);
    this.batchDueAt = plan.dueAt;
    const voters = new Map<string, number>();
    for (const [key, ids] of effectiveMembership(plan.applied)) {
      const n = [...ids].filter((id) => voting.has(id)).length;
      if (n > 0) voters.set(key, n);
    }
    const shown = showable(voters, minVoters);
    const shownSet = new Set(shown);
    // A segment that may not be shown any more (threshold, complementary suppression) shows nothing.
    await this.repository.deleteFits([...lastFit.keys()].filter((s) => isPeopleSegment(s) && !shownSet.has(s)));
    await this.repository.rebuildSegmentTallies(shown);
    const digests = await this.repository.segmentDigests();
    const fitted: string[] = [];
    if (active.length === 0) return fitted;

    // Neutral: the global tallies without the members' votes on their own team's jerseys. The own-team
    // tallies are a subset of the global ones, read a moment later; a vote counted in between could make a
    // pair negative, so the subtraction stops at zero and the next run (the vote changed the state) settles it.
    // It is done over the global tallies' own arrays, which are then let go of: the ordinary scopes are
    // fitted, and at ten million votes the segments' own tallies need the room (docs/perf/ranking-job.md).
    const own = await this.repository.pairTallies(position, OWN, digests.get(OWN)?.pairs);
    const neutral = await scopeData(
      NEUTRAL,
      active,
      position,
      subtractTalliesInPlace(global.tallies, own),
      this.pairArrays,
    );
    global.tallies = NO_TALLIES;
    const lastNeutral = lastFit.get(NEUTRAL);
    if (force || lastNeutral?.digest !== neutral.digest) {
      await this.fitAndWrite(neutral, lastNeutral?.id ?? null, null, lastVoteId);
      fitted.push(NEUTRAL);
    }

    const jerseysDigest = createHash('sha256')
      .update(active.map((j) => j.id).join())
      .digest('base64url');
    for (const segment of shown) {
      const sums = digests.get(segment);
      if (!sums) continue;
      const digest = createHash('sha256')
        .update(`${sums.digest}|${voters.get(segment)}|${jerseysDigest}|${RULES}`)
        .digest('base64url');
      const last = lastFit.get(segment);
      if (!force && last?.digest === digest) continue;
      const segmentTallies = await this.repository.pairTallies(position, segment, sums.pairs);
      // A segment ranks the jerseys its voters voted on; the rest would sit at the mean with no data.
      const used = new Uint8Array(active.length);
      for (let k = 0; k < segmentTallies.length; k++) used[segmentTallies.a[k]!] = used[segmentTallies.b[k]!] = 1;
      const jerseys = active.filter((_, i) => used[i] === 1);
      if (jerseys.length === 0) continue;
      const input = await scopeData(segment, jerseys, position, segmentTallies, this.pairArrays);
      await this.fitAndWrite({ ...input, digest, voters: voters.get(segment)! }, last?.id ?? null, null, lastVoteId);
      fitted.push(segment);
    }
    return fitted;
  }

  private async write(
    input: ScopeData,
    fit: { score: Float64Array; lower: Float64Array; upper: Float64Array; rankUb: Int32Array },
    rounds: number,
    durationMs: number,
    previousFitId: number | null,
    until: Date | null,
    lastVoteId: number,
  ): Promise<number> {
    const previousRanks =
      previousFitId !== null ? await this.repository.ranks(previousFitId) : new Map<string, number>();
    const n = input.members.length;
    const provisional = (i: number) =>
      input.wins[i]! + input.losses[i]! + input.ties[i]! < PROVISIONAL_VOTES ||
      fit.upper[i]! - fit.lower[i]! > PROVISIONAL_WIDTH;
    // By score, provisional or not (the flag marks a row, it does not move it); equal scores in the members'
    // order, which is the jerseys' id order (repository.ranks reads a previous fit's places the same way).
    const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => fit.score[y]! - fit.score[x]! || x - y);
    const entries = order.map((i, position) => ({
      jerseyId: input.members[i]!.id,
      rank: position + 1,
      rankUb: fit.rankUb[i]!,
      score: fit.score[i]!,
      lower: fit.lower[i]!,
      upper: fit.upper[i]!,
      wins: input.wins[i]!,
      losses: input.losses[i]!,
      ties: input.ties[i]!,
      provisional: provisional(i),
      previousRank: previousRanks.get(input.members[i]!.id) ?? null,
    }));
    return this.repository.writeFit(
      {
        scope: input.scope,
        fittedAt: until ?? new Date(),
        votes: input.votes,
        digest: input.digest,
        rounds,
        durationMs,
        lastVoteId: until ? null : lastVoteId,
        voters: input.voters ?? null,
      },
      entries,
      KEEP_RECENT,
    );
  }
}

/** Pairs handled (or bytes hashed, ×16) between yields to the event loop while a scope is built. */
const SLICE = 1 << 17;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One scope's members (sorted by id, a subset of the active jerseys), its pairs from the tallies (ties
 * as half wins), per-jersey records and a digest of all of it and of the RULES. `position` maps a jersey
 * id to its place in the active list the tallies are numbered by; `arrays` gives the arrays the pairs are
 * written to.
 * Runs on the API's event loop while requests are served, so at millions of pairs it works in slices and
 * lets requests through between them.
 */
export async function scopeData(
  scope: string,
  members: CatalogueJersey[],
  position: ReadonlyMap<string, number>,
  tallies: PairTallies,
  arrays: (n: number, m: number) => PairArrays = newPairArrays,
): Promise<ScopeData> {
  const n = members.length;
  const local = new Int32Array(position.size).fill(-1);
  members.forEach((j, i) => (local[position.get(j.id)!] = i));
  const wins = new Int32Array(n);
  const losses = new Int32Array(n);
  const ties = new Int32Array(n);
  let count = 0;
  let total = 0;
  for (let k = 0; k < tallies.length; k++) {
    if (k % SLICE === SLICE - 1) await breathe();
    const a = local[tallies.a[k]!]!;
    const b = local[tallies.b[k]!]!;
    if (a < 0 || b < 0) continue;
    count++;
    const [wa, wb, t] = [tallies.winsA[k]!, tallies.winsB[k]!, tallies.ties[k]!];
    // The pairs' counts are 32-bit floats (Counts): exact only below this.
    if (wa + wb + t >= MAX_PAIR_VOTES) throw new RangeError(`a pair holds ${wa + wb + t} votes, too many to fit`);
    wins[a]! += wa;
    losses[b]! += wa;
    wins[b]! += wb;
    losses[a]! += wb;
    ties[a]! += t;
    ties[b]! += t;
    total += wa + wb + t;
  }
  // Positions keep the id order, so the pairs stay sorted by (a, b) in the members' numbering.
  const data = arrays(n, count);
  for (let k = 0, i = 0; k < tallies.length; k++) {
    if (k % SLICE === SLICE - 1) await breathe();
    const a = local[tallies.a[k]!]!;
    const b = local[tallies.b[k]!]!;
    if (a < 0 || b < 0) continue;
    const t = tallies.ties[k]!;
    data.a[i] = a;
    data.b[i] = b;
    data.winsA[i] = tallies.winsA[k]! + t / 2;
    data.winsB[i] = tallies.winsB[k]! + t / 2;
    data.ties[i++] = t;
  }
  const hash = createHash('sha256').update(RULES);
  for (const j of members) hash.update(j.id);
  for (const part of [data.a, data.b, data.winsA, data.winsB]) {
    const bytes = new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
    for (let at = 0; at < bytes.length; at += 16 * SLICE) {
      hash.update(bytes.subarray(at, at + 16 * SLICE));
      await breathe();
    }
  }
  return { scope, members, data, wins, losses, ties, votes: total, digest: hash.digest('base64url') };
}

function newPairArrays(n: number, m: number): PairArrays {
  return {
    n,
    a: new Int32Array(m),
    b: new Int32Array(m),
    winsA: new Float32Array(m),
    winsB: new Float32Array(m),
    ties: new Float32Array(m),
  };
}

function seedOf(digest: string): number {
  return Buffer.from(digest, 'base64url').readUInt32LE(0);
}
