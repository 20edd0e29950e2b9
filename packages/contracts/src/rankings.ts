import { z } from 'zod';
import { bilingualRef, jerseySummary, namedRef, paged, PAGE_SIZE_MAX, teamSummary } from './catalogue.ts';
import { SKIP_REASONS } from './constants.ts';

// ———————————————————————————————————————————— duels ————————————————————————————————————————————

/** The answers a duel accepts: a side wins, a tie ("Empate"), both bad ("Nenhuma"), or skip ("Pular"). */
export const VOTE_OUTCOMES = ['left', 'right', 'tie', 'both_bad', 'skip'] as const;
export type VoteOutcome = (typeof VOTE_OUTCOMES)[number];
export { SKIP_REASONS, type SkipReason } from './constants.ts';

export { VISITOR_ID_PREFIX, VOTER_HEADER } from './voter.ts';

/** A fresh visitor id, signed by the server: `v1.<uuid>.<mac>`. */
export const visitorIdResponse = z.object({ voterId: z.string() });
export type VisitorIdResponse = z.infer<typeof visitorIdResponse>;
/** A duel token lives this long (docs/ranking.md §1). */
export const DUEL_TTL_SECONDS = 600;

const slug = z.string().trim().min(1).max(120);

/**
 * Where a duel is drawn from: global (no team), a team, or a team narrowed to one model; or the open matches
 * of a tournament's current round (alone: not with a team or model).
 */
export const duelScopeQuery = z.strictObject({
  team: slug.optional(),
  model: slug.optional(),
  tournament: slug.optional(),
});
export type DuelScopeQuery = z.infer<typeof duelScopeQuery>;

/** A tournament named in both languages (the client shows its own). */
export const tournamentRef = z.object({ slug: z.string(), namePt: z.string(), nameEn: z.string() });
export type TournamentRef = z.infer<typeof tournamentRef>;

/** A tournament round as a duel scope: which round, until when, and how far this voter has got in it. */
export const duelTournament = tournamentRef.extend({
  size: z.number().int(),
  /** The open round (1 = first); null when no round is open (not started, between draws, or over). */
  round: z.number().int().nullable(),
  closesAt: z.string().nullable(),
  /** Matches open in the round, and how many of them this voter has answered. */
  openMatches: z.number().int(),
  answeredMatches: z.number().int(),
});
export type DuelTournament = z.infer<typeof duelTournament>;

export const duelScope = z.object({
  team: bilingualRef.nullable(),
  model: bilingualRef.nullable(),
  tournament: duelTournament.nullable(),
});
export type DuelScope = z.infer<typeof duelScope>;

export const duelJersey = jerseySummary.extend({
  /** Live Elo rating in the duel's scope (instant feedback, not the official ranking). */
  rating: z.number(),
});
export type DuelJersey = z.infer<typeof duelJersey>;

export const duel = z.object({
  /** Signed, single use, bound to the voter and this pair; send it back with the vote. */
  token: z.string(),
  left: duelJersey,
  right: duelJersey,
  expiresAt: z.string(),
  /**
   * The server's minimum decision time (VOTE_MIN_DECISION_MS): a left/right/tie/both-bad answer sooner than
   * this after the duel was issued is refused (422 VOTE_TOO_FAST). Clients hold a quick vote until then.
   */
  minDecisionMs: z.number().int().min(0),
});
export type Duel = z.infer<typeof duel>;

/**
 * `duel` is null when the scope has fewer than two active jerseys (the screen offers other scopes), or, in a
 * tournament, when no round is open or the voter has answered every open match.
 */
export const nextDuelResponse = z.object({
  scope: duelScope,
  duel: duel.nullable(),
  /** Active jerseys in the scope. */
  jerseysCount: z.number().int(),
  /**
   * Only when a visitor asked without X-Voter-Id: a fresh signed visitor id, issued as POST /api/duels/visitor
   * would (same per-address limit); the duel is bound to it, and the client keeps it (ADR 0023).
   */
  voterId: z.string().optional(),
});
export type NextDuel = z.infer<typeof nextDuelResponse>;

export const voteInput = z
  .strictObject({
    token: z.string().min(1).max(2000),
    outcome: z.enum(VOTE_OUTCOMES),
    skipReason: z.enum(SKIP_REASONS).optional(),
  })
  .refine((v) => v.skipReason === undefined || v.outcome === 'skip', {
    path: ['skipReason'],
    message: 'invalidValue',
  });
export type VoteInput = z.input<typeof voteInput>;

export const ratingChange = z.object({ id: z.string(), rating: z.number(), change: z.number() });
export type RatingChange = z.infer<typeof ratingChange>;

/** How everyone voted on this pair so far (this vote included). */
export const crowdTally = z.object({
  leftWins: z.number().int(),
  rightWins: z.number().int(),
  ties: z.number().int(),
});
export type CrowdTally = z.infer<typeof crowdTally>;

export const voteResponse = z.object({
  outcome: z.enum(VOTE_OUTCOMES),
  /** False for a skip, or when the vote is stored but does not count (daily cap). */
  counted: z.boolean(),
  left: ratingChange,
  right: ratingChange,
  /** Null for a tournament match: its split stays hidden until the round closes. */
  crowd: crowdTally.nullable(),
  /** The next duel in the same scope, so the client needs no second round trip. */
  next: nextDuelResponse,
});
export type VoteResult = z.infer<typeof voteResponse>;

// ——————————————————————————————————————————— rankings ———————————————————————————————————————————

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const season = z.coerce.number().int().min(1870).max(2100).optional();

// ——————————————————————————————————————————— segments ———————————————————————————————————————————
// Rankings by who voted (docs/segments.md): 'neutral' (the global ranking without each member's votes on
// their own team's jerseys), 'fans:<team slug>' (only that team's fans), 'country:<ISO 3166-1 alpha-2>'
// and 'state:<UF>' (Brazilian states). Segments of people are shown only from SEGMENT_MIN_VOTERS voters.

export const SEGMENT_KINDS = ['neutral', 'fans', 'country', 'state'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];
/** The smallest threshold an operator may configure: below it a segment could point at a few people. */
export const SEGMENT_MIN_VOTERS_FLOOR = 10;
export const SEGMENT_MIN_VOTERS_DEFAULT = 30;

/** A segment key as the API takes it; malformed keys are refused, unknown teams or regions are 404. */
export const segmentKey = z
  .string()
  .trim()
  .max(140)
  .regex(/^(neutral|fans:[a-z0-9-]{1,120}|country:[A-Z]{2}|state:[A-Z]{2})$/, 'invalidValue');

export const rankingSegment = z.object({
  key: z.string(),
  kind: z.enum(SEGMENT_KINDS),
  /** The team whose fans voted (kind 'fans'). */
  team: teamSummary.nullable(),
  /** ISO country code (kind 'country') or Brazilian state code (kind 'state'). */
  region: z.string().nullable(),
  /** Distinct voters in the segment, given only when it is shown; null for 'neutral' and below the threshold. */
  voters: z.number().int().nullable(),
  minVoters: z.number().int(),
  /** False when the segment has fewer than minVoters voters: then nothing of it is given (no rows, no votes). */
  available: z.boolean(),
});
export type RankingSegment = z.infer<typeof rankingSegment>;

const segmentVoters = z.number().int();
/** The segments shown now (each with at least minVoters voters), for the pickers. */
export const segmentsResponse = z.object({
  minVoters: z.number().int(),
  fans: z.array(z.object({ team: teamSummary, voters: segmentVoters })),
  countries: z.array(z.object({ code: z.string(), voters: segmentVoters })),
  states: z.array(z.object({ code: z.string(), voters: segmentVoters })),
});
export type Segments = z.infer<typeof segmentsResponse>;

export const rankingQuery = z.strictObject({
  /** A team's ranking; global when absent. */
  team: slug.optional(),
  /** A ranking by who voted (global scope only: not with `team`). */
  segment: segmentKey.optional(),
  seasonFrom: season,
  seasonTo: season,
  model: slug.optional(),
  supplier: slug.optional(),
  page,
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(50),
});
export type RankingQuery = z.input<typeof rankingQuery>;

export const rankingRow = z.object({
  rank: z.number().int(),
  /** 1 + jerseys whose interval lies wholly above this one's (Chatbot Arena's Rank (UB)). */
  rankUb: z.number().int(),
  jersey: jerseySummary,
  /** Bradley-Terry score on the Elo scale, scope mean 1000. */
  score: z.number(),
  /** 95% bootstrap interval. */
  lower: z.number(),
  upper: z.number(),
  /**
   * The jersey's counted votes and record. Null in a segment ranking (neutral, fans, country, state): exact
   * counts there would let one segment minus another give a few people's votes (docs/segments.md §Threat model).
   */
  votes: z.number().int().nullable(),
  wins: z.number().int().nullable(),
  losses: z.number().int().nullable(),
  /** Ties and "both bad" answers. */
  ties: z.number().int().nullable(),
  /** (wins + ties/2) / votes, null without votes and in a segment ranking. */
  winRate: z.number().nullable(),
  provisional: z.boolean(),
  /** Rank in the previous snapshot; null when the jersey was not ranked then. */
  previousRank: z.number().int().nullable(),
});
export type RankingRow = z.infer<typeof rankingRow>;

export const rankingResponse = paged(rankingRow).extend({
  team: teamSummary.nullable(),
  /** When the snapshot was computed; null before the first fit. */
  fittedAt: z.string().nullable(),
  /** Votes counted in the snapshot; null in a segment ranking (no exact counts there, docs/segments.md). */
  votes: z.number().int().nullable(),
  /** Lowest lower and highest upper bound in the whole scope, to draw interval bars on one axis. */
  axis: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** Filter options present in the scope. */
  models: z.array(bilingualRef),
  suppliers: z.array(namedRef),
  seasons: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  /** The segment asked for; null for the ordinary ranking. */
  segment: rankingSegment.nullable(),
});
export type Ranking = z.infer<typeof rankingResponse>;

export const teamRankingsQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  page,
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(48),
});
export const teamRankingItem = z.object({
  team: teamSummary,
  /** The team's top jersey in its latest snapshot, null before any fit. */
  leader: z.object({ jersey: jerseySummary, score: z.number() }).nullable(),
  votes: z.number().int(),
});
export type TeamRankingItem = z.infer<typeof teamRankingItem>;
export const teamRankingsResponse = paged(teamRankingItem);
export type TeamRankings = z.infer<typeof teamRankingsResponse>;

/** A jersey's place in one scope's latest snapshot (the jersey page). */
export const standing = rankingRow
  .pick({
    rank: true,
    rankUb: true,
    score: true,
    lower: true,
    upper: true,
    votes: true,
    wins: true,
    losses: true,
    ties: true,
    provisional: true,
  })
  .extend({
    /** Jerseys ranked in the scope. */
    of: z.number().int(),
    fittedAt: z.string(),
  });
export type Standing = z.infer<typeof standing>;

export const jerseyRatingResponse = z.object({
  global: standing.nullable(),
  team: standing.nullable(),
  /** In the neutral ranking (no member's votes on their own team's jerseys). */
  neutral: standing.nullable(),
  /** In the ranking by the jersey's own team's fans, when that segment is shown (enough voters). */
  ownFans: standing.nullable(),
  /** Global score over time, oldest first, one point per snapshot. */
  history: z.array(z.object({ at: z.string(), score: z.number(), lower: z.number(), upper: z.number() })),
});
export type JerseyRating = z.infer<typeof jerseyRatingResponse>;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export const rankingExportQuery = z.strictObject({
  team: slug.optional(),
  segment: segmentKey.optional(),
  format: z.enum(EXPORT_FORMATS).default('csv'),
});
export const votesExportQuery = z.strictObject({ format: z.enum(EXPORT_FORMATS).default('csv') });

/** One jersey of the snapshot export (`format=json`; the CSV has the same columns, plus the watermark's two). */
export const rankingExportRow = z.object({
  rank: z.number().int(),
  rank_ub: z.number().int(),
  jersey_id: z.string(),
  team: z.string(),
  model: z.string(),
  supplier: z.string(),
  season: z.string(),
  score: z.number(),
  lower: z.number(),
  upper: z.number(),
  // Absent from a segment's file, which carries no counts (docs/segments.md).
  votes: z.number().int().optional(),
  wins: z.number().int().optional(),
  losses: z.number().int().optional(),
  ties: z.number().int().optional(),
  provisional: z.boolean(),
});

/**
 * The snapshot export as JSON (docs/ranking.md §7). `lastVoteId` names the newest vote the fit counted: the
 * fit is exactly the valid, non-skip votes of `/api/votes/export` with an id up to it between the listed
 * jerseys, `votes` of them, so a refit of those votes gives the same scores. In a global or team CSV they are the
 * columns `last_vote_id` and `fit_votes`, repeated on every row. Null for a segment's snapshot (fitted from its own
 * tallies, and without counts) and, for `lastVoteId`, before the first live fit.
 */
export const rankingExport = z.object({
  scope: z.string(),
  fittedAt: z.string().nullable(),
  lastVoteId: z.number().int().nullable(),
  votes: z.number().int().nullable(),
  rows: z.array(rankingExportRow),
});
export type RankingExport = z.infer<typeof rankingExport>;

// ———————————————————————————————————————— personal history ————————————————————————————————————————

export const myVotesQuery = z.strictObject({ page, pageSize: z.coerce.number().int().min(1).max(50).default(20) });
export const myVote = z.object({
  id: z.string(),
  answeredAt: z.string(),
  outcome: z.enum(VOTE_OUTCOMES),
  skipReason: z.enum(SKIP_REASONS).nullable(),
  /** Where the duel was drawn: global (all null), a team (and model), or a tournament's match. */
  scope: z.object({
    team: bilingualRef.nullable(),
    model: bilingualRef.nullable(),
    tournament: tournamentRef.nullable(),
  }),
  left: jerseySummary,
  right: jerseySummary,
  /** Whether the crowd's global ranking agrees with the pick; null for ties, skips or unranked pairs. */
  agreed: z.boolean().nullable(),
  counted: z.boolean(),
});
export type MyVote = z.infer<typeof myVote>;
export const myVotesResponse = paged(myVote).extend({
  summary: z.object({
    votes: z.number().int(),
    /** Picks the agreement can be judged on (a side chosen, both jerseys ranked). */
    judged: z.number().int(),
    agreed: z.number().int(),
  }),
});
export type MyVotes = z.infer<typeof myVotesResponse>;

// ———————————————————————————————————————— my ranking ————————————————————————————————————————

/** Answered duels (skips aside) before a voter's own ranking is fitted (docs/ranking.md §9). */
export const MY_RANKING_MIN_VOTES = 30;

/** A jersey in a voter's own ranking: their fit of their own duels, and where the crowd puts it. */
export const myRankingRow = z.object({
  rank: z.number().int(),
  jersey: jerseySummary,
  /** The voter's own score, on the crowd ranking's scale (1000 is their average). */
  score: z.number(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  /** The jersey's rank in the crowd's global ranking; null while it has none. */
  crowdRank: z.number().int().nullable(),
});
export type MyRankingRow = z.infer<typeof myRankingRow>;

export const myRankingResponse = z.object({
  /** The voter's answered duels that the fit reads (skips aside). */
  votes: z.number().int(),
  /** Answered duels needed before there is a ranking. */
  required: z.number().int(),
  /** Every jersey the voter has seen in a duel, best first; empty below `required`. */
  items: z.array(myRankingRow),
  /** As on the profile's "você vs a galera": picks that can be judged, and those that agree with the crowd. */
  agreement: z.object({ judged: z.number().int(), agreed: z.number().int() }),
  /** The pick furthest from the crowd: `picked` chosen over `over`, which the crowd scores `gap` points higher. */
  contrarian: z
    .object({
      picked: jerseySummary,
      over: jerseySummary,
      gap: z.number(),
      pickedRank: z.number().int(),
      overRank: z.number().int(),
    })
    .nullable(),
  /** A member's favourite team's jersey they rank highest, with its place in their ranking. */
  favourite: z.object({ jersey: jerseySummary, rank: z.number().int() }).nullable(),
});
export type MyRanking = z.infer<typeof myRankingResponse>;

/** A visitor id's votes not yet in any account (what signing in could keep). */
export const visitorVotesResponse = z.object({ votes: z.number().int() });
export const visitorVotesInput = z.strictObject({ voterId: z.string().min(1).max(100) });
export const attachVotesResponse = z.object({ attached: z.number().int() });

// ——————————————————————————————————————————— moderation ———————————————————————————————————————————

export const voterFlag = z.object({
  id: z.string(),
  /** A pseudonym of the voter (not the raw key). */
  voter: z.string(),
  userName: z.string().nullable(),
  reason: z.string(),
  votes: z.number().int(),
  /** How implausible the votes were under the ranking (a z-score; lower is stranger). */
  zScore: z.number().nullable(),
  flaggedAt: z.string(),
  restoredAt: z.string().nullable(),
});
export type VoterFlag = z.infer<typeof voterFlag>;
export const voterFlagsResponse = z.object({ items: z.array(voterFlag) });
export const restoreFlagResponse = z.object({ restored: z.number().int() });
