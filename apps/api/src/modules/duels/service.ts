import { createHmac, randomUUID } from 'node:crypto';
import {
  DUEL_TTL_SECONDS,
  type Duel,
  type DuelJersey,
  type DuelScopeQuery,
  type NextDuel,
  type SkipReason,
  type VoteOutcome,
  type VoteResult,
} from '@manto/contracts';
import { AppError, fieldError, notFound, tooManyRequests } from '#lib/app-error.ts';
import type { Counters } from '#lib/counters.ts';
import { memo } from '#lib/memo.ts';
import { clientPlace } from '#lib/network.ts';
import { GLOBAL, countedScopes, parseScope, scopeKey, tournamentOf, tournamentScope } from '#lib/scopes.ts';
import { type CatalogueCache, type CatalogueRef, bilingual } from '#modules/jerseys/index.ts';
import type { TournamentScope, TournamentService } from '#modules/tournaments/index.ts';
import type { AnsweredPairs } from './answered-pairs.ts';
import { duelSide } from './duel-json.ts';
import { DuelTokens } from './duel-token.ts';
import { type CountedOutcome, ELO_START, eloChanges } from './elo.ts';
import type { LiveRatings } from './live-ratings.ts';
import { pairKey, pickPair } from './pair-sampler.ts';
import type { DuelRepository } from './repository.ts';
import { VoteBatcher } from './vote-batch.ts';
import { VisitorIds } from './visitor-id.ts';

/** Answers faster than this are kept and counted but flagged for moderators (docs/ranking.md §6). */
const FLAG_FAST_MS = 2_000;
const MINUTE_MS = 60_000;
/** Per-IP limit = this × the per-voter limit: many fans share one network (stadiums, offices). */
const IP_FACTOR = 4;
/**
 * A visitor's votes count at most this × VOTE_DAILY_CAP (1 000 by default) per address per UTC day
 * (docs/ranking.md §6). An address is one household or small office behind NAT: two visitors there voting the
 * per-voter maximum in one day is already far past what fans do (a long session is ~100 duels), while one
 * machine minting visitor ids can no longer count ≈172 800 votes a day (120 a minute).
 */
const ADDRESS_CAP_FACTOR = 2;
/**
 * … and this × VOTE_DAILY_CAP (2 500) per network, the IPv4 /24 or IPv6 /64: room for a couple of dozen
 * keen visitors of one office, campus floor or carrier NAT pool in a day, while a stuffer hopping addresses
 * inside their own /24 still shares one budget. Members are never held to these: an account costs far more.
 */
const NETWORK_CAP_FACTOR = 5;
/** Addresses whose keyed hashes are remembered (about 2 MB at most). */
const PLACES_REMEMBERED = 10_000;

export interface Voter {
  /** 'u:<user id>' when signed in, else 'v:<visitor id>'. */
  key: string;
  userId: string | null;
  ip: string;
  userAgent: string | null;
}

export interface DuelSettings {
  secret: string;
  minDecisionMs: number;
  ratePerMinute: number;
  dailyCap: number;
}

interface Scope {
  key: string;
  team: CatalogueRef | null;
  model: CatalogueRef | null;
  tournament: TournamentScope | null;
}

/** What duels need of tournaments: their scopes, open matches and a voter's answers (docs/tournaments.md §4). */
export type TournamentDuels = Pick<TournamentService, 'scopeBySlug' | 'scopeById' | 'openMatches' | 'answeredIn'>;

export class DuelService {
  /** Told of every stored vote and whether it counts (app.ts feeds the metrics). */
  onVote?: (counted: boolean) => void;
  private readonly tokens: DuelTokens;
  /** Votes written together while the previous batch commits (group commit). */
  private readonly batcher: VoteBatcher;
  private readonly visitorIds: VisitorIds;
  private readonly ipSalt: Buffer;
  private readonly networkSalt: Buffer;

  constructor(
    private readonly repository: DuelRepository,
    private readonly catalogue: CatalogueCache,
    private readonly ratings: LiveRatings,
    private readonly answered: AnsweredPairs,
    private readonly counters: Counters,
    private readonly tournaments: TournamentDuels,
    private readonly settings: DuelSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = new DuelTokens(settings.secret, DUEL_TTL_SECONDS * 1000);
    this.batcher = new VoteBatcher(repository);
    this.visitorIds = new VisitorIds(settings.secret);
    this.ipSalt = createHmac('sha256', settings.secret).update('manto ip hash v1').digest();
    this.networkSalt = createHmac('sha256', settings.secret).update('manto network key v1').digest();
  }

  /**
   * A fresh signed visitor id, for every visitor who asks, however many share the address (ADR 0028): a
   * carrier's or a stadium's fans behind one address all get a duel. Stuffing is held by what a vote counts
   * for, not by refusing ids: a visitor's votes count only within the address's and the network's daily
   * budgets (docs/ranking.md §6), whatever the number of ids they come with.
   */
  issueVisitorId(): string {
    return this.visitorIds.issue();
  }

  /** The voter key of a visitor's X-Voter-Id: only ids this server signed pass (docs/ranking.md §1). */
  visitorKey(header: string | undefined): string {
    if (!header) throw new AppError(400, 'VOTER_REQUIRED');
    const id = this.visitorIds.verify(header);
    if (!id) throw new AppError(400, 'VOTER_ID_INVALID');
    return `v:${id}`;
  }

  /** The scope a query names; unknown team, model or tournament → 404. */
  async resolveScope(query: DuelScopeQuery): Promise<Scope> {
    if (query.model && !query.team) throw fieldError('model', 'invalidValue');
    if (query.tournament) {
      // A tournament's matches are its own scope: it does not combine with a team or model.
      if (query.team) throw fieldError('tournament', 'invalidValue');
      const tournament = await this.tournaments.scopeBySlug(query.tournament);
      if (!tournament) throw notFound();
      return { key: tournamentScope(tournament.id), team: null, model: null, tournament };
    }
    const team = query.team ? await this.catalogue.team(query.team) : null;
    if (query.team && !team) throw notFound();
    const model = query.model ? await this.catalogue.model(query.model) : null;
    if (query.model && !model) throw notFound();
    return { key: scopeKey(team?.id ?? null, model?.id ?? null), team, model, tournament: null };
  }

  /**
   * A duel for a visitor who asked without an id: issues one, draws the duel for it and answers with it, so a
   * new visitor's first duel costs one round trip, not two (ADR 0023, docs/ranking.md §1). Never refused for
   * the address's sake (ADR 0028).
   */
  async nextForNewVisitor(scope: Scope, where: Pick<Voter, 'ip' | 'userAgent'>): Promise<NextDuel> {
    const voterId = this.issueVisitorId();
    const next = await this.next(scope, { key: this.visitorKey(voterId), userId: null, ...where });
    return { ...next, voterId };
  }

  async next(scope: Scope, voter: Voter): Promise<NextDuel> {
    if (scope.tournament) return this.nextMatch(scope, scope.tournament, voter);
    // Both are in memory on nearly every request: read at once, without a promise (the route's hot path).
    const { list, jerseys } = this.ratings.candidatesNow(scope.key) ?? (await this.ratings.candidates(scope.key));
    const answered = this.answered.known(voter.key) ?? (await this.answered.of(voter.key));
    const view = {
      team: scope.team && bilingual(scope.team),
      model: scope.model && bilingual(scope.model),
      tournament: null,
    };
    const pair = pickPair(list, (a, b) => answered.has(pairKey(a, b)));
    if (!pair) return { scope: view, duel: null, jerseysCount: list.length };
    const [left, right] = pair;
    return {
      scope: view,
      duel: this.issue(scope.key, voter, [
        duelSide(jerseys.get(left.id)!, round(left.rating)),
        duelSide(jerseys.get(right.id)!, round(right.rating)),
      ]),
      jerseysCount: list.length,
    };
  }

  /**
   * A tournament duel: one of the open matches of the current round this voter has not answered, at random,
   * its sides in random order (so no seed always sits left). Ratings shown are the global live ones.
   */
  private async nextMatch(scope: Scope, tournament: TournamentScope, voter: Voter): Promise<NextDuel> {
    const [open, answered] = await Promise.all([
      this.tournaments.openMatches(tournament.id),
      this.tournaments.answeredIn(tournament.id, voter.key),
    ]);
    const done = new Set(answered.map((a) => pairKey(a.leftId, a.rightId)));
    const waiting = open.filter((m) => !done.has(pairKey(m.aId, m.bId)));
    const view = {
      team: null,
      model: null,
      tournament: {
        slug: tournament.slug,
        namePt: tournament.namePt,
        nameEn: tournament.nameEn,
        size: tournament.size,
        round: open[0]?.round ?? null,
        closesAt: open[0]?.closesAt.toISOString() ?? null,
        openMatches: open.length,
        answeredMatches: open.length - waiting.length,
      },
    };
    const match = waiting[Math.floor(Math.random() * waiting.length)];
    if (!match) return { scope: view, duel: null, jerseysCount: open.length * 2 };
    const ids = Math.random() < 0.5 ? [match.aId, match.bId] : [match.bId, match.aId];
    const sides = await Promise.all(
      ids.map(async (id) => {
        const [jersey, rating] = await Promise.all([this.catalogue.jersey(id), this.ratings.rating(GLOBAL, id)]);
        return duelSide(jersey!, round(rating.rating));
      }),
    );
    return { scope: view, duel: this.issue(scope.key, voter, [sides[0]!, sides[1]!]), jerseysCount: open.length * 2 };
  }

  private issue(scope: string, voter: Voter, [left, right]: [DuelJersey, DuelJersey]): Duel {
    const issuedAt = this.now();
    const token = this.tokens.sign({
      duelId: randomUUID(),
      left: left.id,
      right: right.id,
      scope,
      voterKey: voter.key,
      issuedAt,
    });
    return {
      token,
      left,
      right,
      expiresAt: new Date(issuedAt + DUEL_TTL_SECONDS * 1000).toISOString(),
      minDecisionMs: this.settings.minDecisionMs,
    };
  }

  async vote(input: { token: string; outcome: VoteOutcome; skipReason?: SkipReason }, voter: Voter) {
    // The keyed hashes of the address and network, once per vote: the limits and the stored row use them.
    const where = this.where(voter.ip);
    await this.limit(voter, where.address);
    const now = this.now();
    const check = this.tokens.verify(input.token, now);
    if (!check.ok)
      throw new AppError(
        check.reason === 'expired' ? 410 : 400,
        check.reason === 'expired' ? 'DUEL_EXPIRED' : 'INVALID_DUEL',
      );
    const claims = check.claims;
    if (claims.voterKey !== voter.key) throw new AppError(403, 'DUEL_NOT_YOURS');
    const decisionMs = now - claims.issuedAt;
    const counting = input.outcome !== 'skip';
    if (counting && decisionMs < this.settings.minDecisionMs) throw new AppError(422, 'VOTE_TOO_FAST');

    const [left, right] = await Promise.all([this.catalogue.jersey(claims.left), this.catalogue.jersey(claims.right)]);
    // A jersey deleted since the duel was issued: the duel is gone.
    if (!left || !right) throw new AppError(410, 'DUEL_EXPIRED');
    // A tournament match takes votes only while its round is open (docs/tournaments.md §4).
    const tournamentId = tournamentOf(claims.scope);
    let match: { id: string; at: Date } | null = null;
    if (tournamentId) {
      const open = await this.tournaments.openMatches(tournamentId);
      const found = open.find((m) => pairKey(m.aId, m.bId) === pairKey(left.id, right.id));
      if (!found) throw new AppError(409, 'MATCH_CLOSED');
      match = { id: found.id, at: new Date(now) };
    }
    // One voter's votes are stored one after another in this process, so concurrent votes cannot both
    // slip under the daily cap (across processes a burst may pass it by a few; the rate limit bounds that).
    const { stored, changes } = await this.serially(voter.key, async () => {
      // Deltas as if the vote counts; the statement applies them only if it does (daily cap).
      const scopes = counting ? countedScopes(left, right) : [];
      const before = await Promise.all(
        scopes.flatMap((s) => [this.ratings.rating(s, left.id), this.ratings.rating(s, right.id)]),
      );
      const changes = scopes.flatMap((s, i) => {
        const [dl, dr] = eloChanges(before[2 * i]!, before[2 * i + 1]!, input.outcome as CountedOutcome);
        return [
          { scope: s, jerseyId: left.id, delta: dl },
          { scope: s, jerseyId: right.id, delta: dr },
        ];
      });

      const stored = await this.batcher.store({
        duelId: claims.duelId,
        scope: claims.scope,
        leftId: left.id,
        rightId: right.id,
        outcome: input.outcome,
        skipReason: input.outcome === 'skip' ? (input.skipReason ?? null) : null,
        voterKey: voter.key,
        userId: voter.userId,
        ipHash: where.address,
        networkKey: where.network,
        userAgent: voter.userAgent,
        issuedAt: new Date(claims.issuedAt),
        answeredAt: new Date(now),
        fast: counting && decisionMs < FLAG_FAST_MS,
        day: new Date(now).toISOString().slice(0, 10),
        dailyCap: this.settings.dailyCap,
        // Visitors also share their address's and network's daily budget; members keep their own cap only.
        placeCaps: voter.userId
          ? null
          : {
              address: where.address,
              addressCap: this.settings.dailyCap * ADDRESS_CAP_FACTOR,
              network: where.network,
              networkCap: this.settings.dailyCap * NETWORK_CAP_FACTOR,
            },
        changes,
        match,
      });
      if (stored.status === 'stored') for (const r of stored.ratings) this.ratings.set(r.scope, r.jersey_id, r);
      return { stored, changes };
    });
    // A jersey deleted by another process since this one last loaded the catalogue.
    if (stored.status === 'jersey-deleted') throw new AppError(410, 'DUEL_EXPIRED');
    if (stored.status === 'replayed') throw new AppError(409, 'DUEL_ALREADY_ANSWERED');
    if (stored.status === 'match-closed') throw new AppError(409, 'MATCH_CLOSED');
    const counted = counting && stored.valid;
    this.onVote?.(counted);

    this.answered.add(voter.key, left.id, right.id);

    // A tournament match shows the global ratings, as its duel did.
    const duelScope = tournamentId ? GLOBAL : claims.scope;
    const rated = (id: string): { id: string; rating: number; change: number } => {
      const after = stored.ratings.find((r) => r.scope === duelScope && r.jersey_id === id);
      const change = counted ? (changes.find((c) => c.scope === duelScope && c.jerseyId === id)?.delta ?? 0) : 0;
      return { id, rating: round(after?.rating ?? ELO_START), change: round(change) };
    };
    const leftRating = stored.ratings.length > 0 ? rated(left.id) : await this.unchanged(duelScope, left.id);
    const rightRating = stored.ratings.length > 0 ? rated(right.id) : await this.unchanged(duelScope, right.id);
    const lowIsLeft = left.id < right.id;
    // A match's split stays hidden until its round closes, so early votes don't herd later ones.
    const crowd = tournamentId
      ? null
      : {
          leftWins: lowIsLeft ? stored.pair.low_wins : stored.pair.high_wins,
          rightWins: lowIsLeft ? stored.pair.high_wins : stored.pair.low_wins,
          ties: stored.pair.ties,
        };
    const next = await this.next(await this.scopeFromKey(claims.scope), voter);
    const result: VoteResult = { outcome: input.outcome, counted, left: leftRating, right: rightRating, crowd, next };
    return result;
  }

  private readonly queues = new Map<string, Promise<unknown>>();

  private serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return run;
  }

  private async unchanged(scope: string, id: string) {
    const r = await this.ratings.rating(scope, id);
    return { id, rating: round(r.rating), change: 0 };
  }

  private async scopeFromKey(key: string): Promise<Scope> {
    const tournamentId = tournamentOf(key);
    if (tournamentId) {
      const tournament = await this.tournaments.scopeById(tournamentId);
      // A tournament deleted meanwhile: carry on in the global scope.
      if (!tournament) return { key: GLOBAL, team: null, model: null, tournament: null };
      return { key, team: null, model: null, tournament };
    }
    const { teamId, modelId } = parseScope(key);
    const team = teamId ? await this.catalogue.teamById(teamId) : null;
    const model = modelId ? await this.catalogue.modelById(modelId) : null;
    return { key, team, model, tournament: null };
  }

  /** Per voter and per IP, shared across processes when Redis is configured. */
  private async limit(voter: Voter, address: string): Promise<void> {
    const rate = this.settings.ratePerMinute;
    const [byVoter, byIp] = await Promise.all([
      this.counters.hit(`rate:voter:${voter.key}`, MINUTE_MS),
      this.counters.hit(`rate:ip:${address}`, MINUTE_MS),
    ]);
    if (byVoter > rate || byIp > rate * IP_FACTOR) throw tooManyRequests(60);
  }

  /**
   * Keyed hashes of the client's address and network (lib/network.ts): limits and outlier checks can tell
   * clients apart without the server keeping where anyone voted from. Keyed, because there are only 2^24
   * IPv4 /24s: a plain hash of one would be reversed by trying them all. Remembered per address (a voter
   * votes many times), as two HMACs were a twentieth of a vote's time in this process.
   */
  private readonly where = memo(PLACES_REMEMBERED, (ip: string): { address: string; network: string } => {
    const place = clientPlace(ip);
    return {
      address: createHmac('sha256', this.ipSalt).update(place.address).digest('base64url'),
      network: createHmac('sha256', this.networkSalt).update(place.network).digest('base64url'),
    };
  });
}

const round = (x: number) => Math.round(x * 10) / 10;
