import {
  type JerseySummary,
  type JerseyTournament,
  type ManageTournament,
  type MatchSide,
  type PreviewMatch,
  START_GRACE_SECONDS,
  type TournamentDetail,
  type TournamentInput,
  type TournamentList,
  type TournamentMatch,
  type TournamentPreview,
  type TournamentRound,
  type TournamentStatus,
  type TournamentSummary,
  tournamentInput,
  tournamentPreviewInput,
} from '@manto/contracts';
import type { z } from 'zod';
import type { StoredPool } from '#db/schema/index.ts';
import { AppError, fieldError, notFound } from '#lib/app-error.ts';
import { type PageRequest, pageOf } from '#lib/paging.ts';
import { slugify } from '#lib/slug.ts';
import { imageRef } from '#modules/images/index.ts';
import { type CatalogueCache, type CatalogueJersey, summary } from '#modules/jerseys/index.ts';
import { firstRound, roundsOf, seedOrder } from './bracket.ts';
import type {
  EntrantRecord,
  MatchRecord,
  TournamentRecord,
  TournamentRepository,
  TournamentRow,
} from './repository.ts';
import type { Rounds } from './rounds.ts';
import { HOUR_MS, statusOf } from './status.ts';

type Input = z.output<typeof tournamentInput>;
type PreviewInput = z.output<typeof tournamentPreviewInput>;

/** What the duels module needs of a tournament to draw and check its matches (docs/tournaments.md §4). */
export interface TournamentScope {
  id: string;
  slug: string;
  namePt: string;
  nameEn: string;
  size: number;
}

/** Tournaments: the public views, the organisers' management and the duels' view of open matches. */
export class TournamentService {
  /** Told when something may have fallen due (app.ts wakes the round job). */
  onChange?: () => void;

  constructor(
    private readonly repository: TournamentRepository,
    private readonly rounds: Rounds,
    private readonly catalogue: CatalogueCache,
    private readonly now: () => number,
  ) {}

  // ---- public ----

  async list(q: PageRequest & { status?: TournamentStatus }): Promise<TournamentList> {
    const found = await this.repository.list(q, this.date());
    const views = await this.summaries(found.rows);
    return pageOf(q, { rows: views, total: found.total }, (v) => v);
  }

  async detail(slug: string): Promise<TournamentDetail> {
    const row = await this.repository.bySlug(slug);
    if (!row) throw notFound();
    const t = row.tournament;
    const [matches, entrants] = await Promise.all([
      this.repository.matches([t.id]),
      this.repository.entrants([t.id], 4),
    ]);
    const jerseys = await this.jerseysWith(matches.flatMap((m) => [m.aId, m.bId]));
    const now = this.date();
    const view = this.summary(row, matches, entrants, jerseys, now);
    const rounds = new Map<number, MatchRecord[]>();
    for (const m of matches) rounds.set(m.round, [...(rounds.get(m.round) ?? []), m]);
    return {
      ...view,
      rounds: [...rounds.values()].map((ms): TournamentRound => {
        const first = ms[0]!;
        return {
          round: first.round,
          opensAt: first.opensAt.toISOString(),
          closesAt: first.closesAt.toISOString(),
          closedAt: first.closedAt?.toISOString() ?? null,
          matches: ms.map((m) => matchView(m, jerseys)),
        };
      }),
      preview: t.drawnAt ? null : (await this.draft(t.pool, t.size)).firstRound,
    };
  }

  /** The tournaments a jersey was drawn into and how far it went. */
  async ofJersey(jerseyId: string): Promise<JerseyTournament[]> {
    const entries = await this.repository.entriesOf(jerseyId);
    const matches = await this.repository.matches(entries.map((e) => e.tournament.id));
    const now = this.date();
    return entries.map(({ tournament: t, seed }) => {
      const played = matches.filter((m) => m.tournamentId === t.id && (m.aId === jerseyId || m.bId === jerseyId));
      const last = played[played.length - 1];
      const lost = played.some((m) => m.winnerId !== null && m.winnerId !== jerseyId);
      const champion = t.completedAt !== null && !lost;
      return {
        slug: t.slug,
        namePt: t.namePt,
        nameEn: t.nameEn,
        status: statusOf(t, now),
        seed,
        size: t.size,
        reachedRound: last?.round ?? 1,
        result: champion ? 'champion' : lost ? 'eliminated' : 'alive',
      };
    });
  }

  // ---- management ----

  async manageList(
    q: PageRequest & { status?: TournamentStatus; search?: string; sort?: string },
  ): Promise<{ items: ManageTournament[]; total: number; page: number; pageSize: number }> {
    const found = await this.repository.list(q, this.date());
    const views = await this.summaries(found.rows);
    return pageOf(
      q,
      { rows: found.rows.map((r, i) => manageView(r.tournament, views[i]!)), total: found.total },
      (v) => v,
    );
  }

  async manageById(id: string): Promise<ManageTournament> {
    const row = await this.repository.byId(id);
    if (!row) throw notFound();
    const [view] = await this.summaries([row]);
    return manageView(row.tournament, view!);
  }

  /** The form's live preview: the pool's size now and the first round it would draw. */
  preview(input: PreviewInput): Promise<TournamentPreview> {
    return this.draft(storedPool(input.pool), input.size);
  }

  async create(input: Input): Promise<ManageTournament> {
    const values = await this.checked(input, null);
    const slug = slugify(input.namePt);
    if (!slug) throw fieldError('namePt', 'tournamentNameRequired');
    if (await this.repository.slugTaken(slug)) throw fieldError('namePt', 'slugTaken');
    const id = await this.repository.insert({ ...values, slug });
    this.onChange?.();
    return this.manageById(id);
  }

  async update(id: string, input: Input): Promise<ManageTournament> {
    const row = await this.repository.byId(id);
    if (!row) throw notFound();
    const values = await this.checked(input, row.tournament);
    const bracketChanged = changesBracket(row.tournament, values);
    if (!(await this.repository.update(id, values, bracketChanged))) throw new AppError(409, 'TOURNAMENT_STARTED');
    this.onChange?.();
    return this.manageById(id);
  }

  async remove(id: string): Promise<void> {
    const row = await this.repository.byId(id);
    if (!row) throw notFound();
    if (statusOf(row.tournament, this.date()) !== 'upcoming' || !(await this.repository.deleteUndrawn(id)))
      throw new AppError(409, 'TOURNAMENT_STARTED');
  }

  /**
   * "Encerrar rodada agora": closes round `round` at once if it is still the open one; the next opens now
   * for one duration. A round no longer open is 409 ROUND_NOT_OPEN (docs/tournaments.md §5).
   */
  async closeRound(id: string, round: number): Promise<ManageTournament> {
    const row = await this.repository.byId(id);
    if (!row) throw notFound();
    const result = await this.rounds.closeEarly(id, round, this.date());
    if (result === 'none') throw new AppError(409, 'NO_OPEN_ROUND');
    if (result === 'not-open') throw new AppError(409, 'ROUND_NOT_OPEN', { round });
    this.onChange?.();
    return this.manageById(id);
  }

  statusCounts(): Promise<Record<TournamentStatus, number>> {
    return this.repository.statusCounts(this.date());
  }

  // ---- for the duels module ----

  async scopeBySlug(slug: string): Promise<TournamentScope | null> {
    const row = await this.repository.bySlug(slug);
    return row && scopeOf(row.tournament);
  }

  async scopeById(id: string): Promise<TournamentScope | null> {
    const row = await this.repository.byId(id);
    return row && scopeOf(row.tournament);
  }

  /** The matches open for votes now: the current round, before its planned end. */
  openMatches(id: string): Promise<MatchRecord[]> {
    return this.repository.openMatches(id, this.date());
  }

  answeredIn(id: string, voterKey: string) {
    return this.repository.answeredIn(id, voterKey);
  }

  // ---- views ----

  private date() {
    return new Date(this.now());
  }

  /**
   * The catalogue, holding every jersey in `ids`: a jersey created in another process moments ago makes the
   * cache reload once (bracket jerseys are never deleted, so they are always found).
   */
  private async jerseysWith(ids: string[]): Promise<ReadonlyMap<string, CatalogueJersey>> {
    const jerseys = await this.catalogue.jerseys();
    const missing = ids.find((id) => !jerseys.has(id));
    if (missing === undefined) return jerseys;
    await this.catalogue.jersey(missing);
    return this.catalogue.jerseys();
  }

  /**
   * The values to store, checked against the rules the schema cannot see: the start not in the past for a
   * new start, the pool holding `size` active jerseys, and a started tournament's bracket left alone.
   */
  private async checked(input: Input, current: TournamentRecord | null) {
    const values = {
      namePt: input.namePt,
      nameEn: input.nameEn,
      descriptionPt: input.descriptionPt ?? null,
      descriptionEn: input.descriptionEn ?? null,
      coverImageId: input.coverImageId ?? null,
      size: input.size,
      startsAt: new Date(input.startsAt),
      roundHours: input.roundHours,
      pool: storedPool(input.pool),
    };
    const now = this.now();
    if (current && statusOf(current, this.date()) !== 'upcoming') {
      if (changesBracket(current, values)) throw new AppError(409, 'TOURNAMENT_STARTED');
      return values;
    }
    const startMoved = !current || current.startsAt.getTime() !== values.startsAt.getTime();
    if (startMoved && values.startsAt.getTime() < now - START_GRACE_SECONDS * 1000)
      throw fieldError('startsAt', 'startInPast');
    const pool = await this.repository.poolJerseys(values.pool);
    if (pool.length < values.size)
      throw new AppError(400, 'VALIDATION_FAILED', { count: pool.length }, { size: 'sizeLargerThanPool' });
    return values;
  }

  /** The pool's active jerseys now, seeded, and the first round they would play. */
  private async draft(pool: StoredPool, size: number): Promise<TournamentPreview> {
    const [ids, scores] = await Promise.all([this.repository.poolJerseys(pool), this.repository.globalScores()]);
    if (ids.length < size) return { poolCount: ids.length, size, firstRound: [] };
    const seeded = seedOrder(ids, scores).slice(0, size);
    const jerseys = await this.jerseysWith(seeded);
    const firstRoundView = firstRound(seeded, size).map((p): PreviewMatch => ({
      a: side(p.a.seed, p.a.entrant, jerseys, null),
      b: side(p.b.seed, p.b.entrant, jerseys, null),
    }));
    return { poolCount: ids.length, size, firstRound: firstRoundView };
  }

  private async summaries(rows: TournamentRow[]): Promise<TournamentSummary[]> {
    const ids = rows.map((r) => r.tournament.id);
    const [matches, entrants] = await Promise.all([this.repository.matches(ids), this.repository.entrants(ids, 4)]);
    const jerseys = await this.jerseysWith([
      ...matches.map((m) => m.winnerId ?? m.aId),
      ...entrants.map((e) => e.jerseyId),
    ]);
    const now = this.date();
    return rows.map((r) =>
      this.summary(
        r,
        matches.filter((m) => m.tournamentId === r.tournament.id),
        entrants.filter((e) => e.tournamentId === r.tournament.id),
        jerseys,
        now,
      ),
    );
  }

  private summary(
    row: TournamentRow,
    matches: MatchRecord[],
    entrants: EntrantRecord[],
    jerseys: ReadonlyMap<string, CatalogueJersey>,
    now: Date,
  ): TournamentSummary {
    const t = row.tournament;
    const rounds = roundsOf(t.size);
    const open = matches.find((m) => m.closedAt === null);
    const final = matches.find((m) => m.round === rounds && m.winnerId !== null);
    const duration = t.roundHours * HOUR_MS;
    const endsAt = t.completedAt
      ? t.completedAt
      : open
        ? new Date(open.closesAt.getTime() + (rounds - open.round) * duration)
        : new Date(t.startsAt.getTime() + rounds * duration);
    return {
      id: t.id,
      slug: t.slug,
      namePt: t.namePt,
      nameEn: t.nameEn,
      descriptionPt: t.descriptionPt,
      descriptionEn: t.descriptionEn,
      cover: imageRef(row.cover),
      size: t.size,
      startsAt: t.startsAt.toISOString(),
      roundHours: t.roundHours,
      status: statusOf(t, now),
      currentRound: open?.round ?? null,
      roundClosesAt: open?.closesAt.toISOString() ?? null,
      endsAt: endsAt.toISOString(),
      champion: final?.winnerId ? jerseyView(final.winnerId, jerseys) : null,
      topSeeds: entrants.map((e) => jerseyView(e.jerseyId, jerseys)),
    };
  }
}

function scopeOf(t: TournamentRecord): TournamentScope {
  return { id: t.id, slug: t.slug, namePt: t.namePt, nameEn: t.nameEn, size: t.size };
}

/** Drafts as stored: every rule field present, so two saves of one rule compare equal. */
function storedPool(pool: Input['pool']): StoredPool {
  if (pool.kind === 'hand') return { kind: 'hand', jerseyIds: [...new Set(pool.jerseyIds)] };
  return {
    kind: 'rule',
    teamIds: [...new Set(pool.teamIds)],
    modelIds: [...new Set(pool.modelIds)],
    supplierIds: [...new Set(pool.supplierIds)],
    seasonFrom: pool.seasonFrom ?? null,
    seasonTo: pool.seasonTo ?? null,
    category: pool.category ?? null,
  };
}

function changesBracket(
  t: TournamentRecord,
  v: { size: number; startsAt: Date; roundHours: number; pool: StoredPool },
): boolean {
  return (
    t.size !== v.size ||
    t.startsAt.getTime() !== v.startsAt.getTime() ||
    t.roundHours !== v.roundHours ||
    JSON.stringify(t.pool) !== JSON.stringify(v.pool)
  );
}

/** A jersey of the bracket; it stays there (inactive) even when taken out of the catalogue's duels. */
function jerseyView(id: string, jerseys: ReadonlyMap<string, CatalogueJersey>): JerseySummary {
  return summary(jerseys.get(id)!);
}

function side(
  seed: number,
  id: string,
  jerseys: ReadonlyMap<string, CatalogueJersey>,
  points: number | null,
): MatchSide {
  return { seed, jersey: jerseyView(id, jerseys), points };
}

function matchView(m: MatchRecord, jerseys: ReadonlyMap<string, CatalogueJersey>): TournamentMatch {
  // The split stays hidden while the match is open, so early votes don't herd later ones.
  const decided = m.closedAt !== null;
  return {
    id: m.id,
    round: m.round,
    slot: m.slot,
    a: side(m.aSeed, m.aId, jerseys, decided ? m.aPoints : null),
    b: side(m.bSeed, m.bId, jerseys, decided ? m.bPoints : null),
    winnerId: m.winnerId,
    decidedBy: decided ? (m.decidedBy as TournamentMatch['decidedBy']) : null,
    votes: decided ? m.votes : null,
  };
}

function manageView(t: TournamentRecord, view: TournamentSummary): ManageTournament {
  return {
    ...view,
    coverImageId: t.coverImageId,
    pool: t.pool,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export type { TournamentInput };
