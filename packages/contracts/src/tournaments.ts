import { z } from 'zod';
import { imageRef, jerseySummary, paged, PAGE_SIZE_MAX, TEAM_CATEGORIES } from './catalogue.ts';
import { optionalText } from './validation.ts';

// Jersey knockout cups decided by duels (docs/tournaments.md).

/** Entrants a bracket may have: a power of two, so every round halves the field. */
export const TOURNAMENT_SIZES = [4, 8, 16, 32, 64] as const;
/** Derived from the dates and the final, never stored (docs/tournaments.md §2). */
export const TOURNAMENT_STATUSES = ['upcoming', 'ongoing', 'completed'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];
/** A round lasts from one hour to fourteen days. */
export const ROUND_HOURS_MIN = 1;
export const ROUND_HOURS_MAX = 14 * 24;
/** A new tournament may start this long before now (the form's "now" is a few seconds old when it arrives). */
export const START_GRACE_SECONDS = 300;
/**
 * How a match was decided: by the fans' votes; a draw, resolved for the better seed; or no votes at all,
 * resolved by the ranking ("decidido pelo ranking").
 */
export const MATCH_DECISIONS = ['votes', 'draw', 'no_votes'] as const;
export type MatchDecision = (typeof MATCH_DECISIONS)[number];

const uuid = z.string().uuid();
const season = z.coerce.number().int('invalidSeason').min(1870, 'invalidSeason').max(2100, 'invalidSeason');
const name = z.string({ error: 'tournamentNameRequired' }).trim().min(1, 'tournamentNameRequired').max(100);

/**
 * Who may enter: hand-picked jerseys, or a rule evaluated when the bracket is drawn (every condition given
 * must hold; empty lists mean "any"). Only active jerseys ever enter.
 */
export const tournamentPool = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('hand'), jerseyIds: z.array(uuid).min(1, 'poolEmpty').max(500) }),
    z.strictObject({
      kind: z.literal('rule'),
      teamIds: z.array(uuid).max(200).default([]),
      modelIds: z.array(uuid).max(200).default([]),
      supplierIds: z.array(uuid).max(200).default([]),
      seasonFrom: season.nullable().optional(),
      seasonTo: season.nullable().optional(),
      category: z.enum(TEAM_CATEGORIES).nullable().optional(),
    }),
  ],
  { error: 'poolRequired' },
);
export type TournamentPool = z.input<typeof tournamentPool>;

const size = z.coerce
  .number({ error: 'sizeInvalid' })
  .int('sizeInvalid')
  .refine((n) => (TOURNAMENT_SIZES as readonly number[]).includes(n), 'sizeInvalid');

export const tournamentInput = z
  .strictObject({
    namePt: name,
    nameEn: name,
    descriptionPt: optionalText(2000),
    descriptionEn: optionalText(2000),
    coverImageId: uuid.nullable().optional(),
    size,
    /** ISO 8601 with an offset. */
    startsAt: z.iso.datetime({ offset: true, error: 'startRequired' }),
    roundHours: z.coerce
      .number({ error: 'roundDurationRange' })
      .int('roundDurationRange')
      .min(ROUND_HOURS_MIN, 'roundDurationRange')
      .max(ROUND_HOURS_MAX, 'roundDurationRange'),
    pool: tournamentPool,
  })
  .refine(
    (t) =>
      t.pool.kind !== 'rule' ||
      t.pool.seasonFrom == null ||
      t.pool.seasonTo == null ||
      t.pool.seasonFrom <= t.pool.seasonTo,
    { path: ['pool', 'seasonTo'], message: 'seasonRangeInverted' },
  );
export type TournamentInput = z.input<typeof tournamentInput>;

/** The live preview of the form: how many jerseys the pool holds now and the first round they would play. */
export const tournamentPreviewInput = z.strictObject({ size, pool: tournamentPool });
export type TournamentPreviewInput = z.input<typeof tournamentPreviewInput>;

/** One side of a match. `points` (wins + half the ties) is shown only once the match is decided. */
export const matchSide = z.object({ seed: z.number().int(), jersey: jerseySummary, points: z.number().nullable() });
export type MatchSide = z.infer<typeof matchSide>;

export const tournamentMatch = z.object({
  id: z.string(),
  round: z.number().int(),
  /** Position in its round, top to bottom. */
  slot: z.number().int(),
  a: matchSide,
  b: matchSide,
  winnerId: z.string().nullable(),
  decidedBy: z.enum(MATCH_DECISIONS).nullable(),
  /** Valid decisive votes (skips excluded); null while the match is open, so early votes don't herd later ones. */
  votes: z.number().int().nullable(),
});
export type TournamentMatch = z.infer<typeof tournamentMatch>;

export const tournamentRound = z.object({
  round: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** When it was actually closed (on time or early); null while open. */
  closedAt: z.string().nullable(),
  matches: z.array(tournamentMatch),
});
export type TournamentRound = z.infer<typeof tournamentRound>;

export const tournamentSummary = z.object({
  id: z.string(),
  slug: z.string(),
  namePt: z.string(),
  nameEn: z.string(),
  descriptionPt: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  cover: imageRef.nullable(),
  size: z.number().int(),
  startsAt: z.string(),
  roundHours: z.number().int(),
  status: z.enum(TOURNAMENT_STATUSES),
  /** The open round (1 = first); null before the draw and once completed. */
  currentRound: z.number().int().nullable(),
  /** When the open round closes (the countdown); null when none is open. */
  roundClosesAt: z.string().nullable(),
  /** When the final is planned to close (or closed). */
  endsAt: z.string(),
  champion: jerseySummary.nullable(),
  /** The best seeds (up to four) for a card without a cover; empty before the draw. */
  topSeeds: z.array(jerseySummary),
});
export type TournamentSummary = z.infer<typeof tournamentSummary>;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = (fallback: number) => z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(fallback);

export const tournamentListQuery = z.strictObject({
  status: z.enum(TOURNAMENT_STATUSES).optional(),
  page,
  pageSize: pageSize(24),
});
export const tournamentListResponse = paged(tournamentSummary);
export type TournamentList = z.infer<typeof tournamentListResponse>;

/** A pairing before the draw: who would meet in the first round if the bracket were drawn now. */
export const previewMatch = z.object({ a: matchSide, b: matchSide });
export type PreviewMatch = z.infer<typeof previewMatch>;

export const tournamentDetail = tournamentSummary.extend({
  /** Drawn rounds, first to last (later rounds appear as they open). Rounds in all: log2(size). */
  rounds: z.array(tournamentRound),
  /** Upcoming tournaments: the first round as it would be drawn now (seeds move with the ranking). */
  preview: z.array(previewMatch).nullable(),
});
export type TournamentDetail = z.infer<typeof tournamentDetail>;

export const tournamentPreviewResponse = z.object({
  /** Active jerseys the pool holds now. */
  poolCount: z.number().int(),
  size: z.number().int(),
  /** Empty when the pool holds fewer jerseys than the size. */
  firstRound: z.array(previewMatch),
});
export type TournamentPreview = z.infer<typeof tournamentPreviewResponse>;

/** The tournaments a jersey played in and how far it went (jersey details page). */
export const jerseyTournament = z.object({
  slug: z.string(),
  namePt: z.string(),
  nameEn: z.string(),
  status: z.enum(TOURNAMENT_STATUSES),
  seed: z.number().int(),
  size: z.number().int(),
  /** The last round it played (1 = first). */
  reachedRound: z.number().int(),
  result: z.enum(['champion', 'eliminated', 'alive']),
});
export type JerseyTournament = z.infer<typeof jerseyTournament>;
export const jerseyTournamentsResponse = z.array(jerseyTournament);

// ---- management (Sistema) ----

export const TOURNAMENT_MANAGE_SORTS = ['start', '-start', 'name', '-name'] as const;
export const manageTournamentQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  status: z.enum(TOURNAMENT_STATUSES).optional(),
  sort: z.enum(TOURNAMENT_MANAGE_SORTS, { error: 'oneOf' }).optional(),
  page,
  pageSize: pageSize(20),
});

export const manageTournament = tournamentSummary.extend({
  coverImageId: z.string().nullable(),
  pool: z.union([
    z.object({ kind: z.literal('hand'), jerseyIds: z.array(z.string()) }),
    z.object({
      kind: z.literal('rule'),
      teamIds: z.array(z.string()),
      modelIds: z.array(z.string()),
      supplierIds: z.array(z.string()),
      seasonFrom: z.number().int().nullable(),
      seasonTo: z.number().int().nullable(),
      category: z.enum(TEAM_CATEGORIES).nullable(),
    }),
  ]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ManageTournament = z.infer<typeof manageTournament>;

/**
 * "Encerrar rodada agora" names the round it closes (docs/tournaments.md §5): a request for a round that
 * is no longer open is refused (409 ROUND_NOT_OPEN) instead of closing the one that opened after it.
 */
export const closeRoundInput = z.strictObject({
  /** 1 is the first round; 6, the final of a 64-jersey bracket, the last there can be. */
  round: z.number().int().min(1).max(6),
});
export type CloseRoundInput = z.input<typeof closeRoundInput>;
export const manageTournamentList = paged(manageTournament);
