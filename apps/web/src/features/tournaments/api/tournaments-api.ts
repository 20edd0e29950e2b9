import type { TournamentStatus } from '@manto/contracts';
import { later } from '#lib/later-schemas.ts';
import { api } from '#lib/api.ts';

export const TOURNAMENTS_PAGE_SIZE = 12;

/** One status's tournaments, a page at a time (docs/tournaments.md §6). */
export const getTournaments = (status: TournamentStatus, page: number) =>
  api.request('/tournaments', {
    query: { status, page, pageSize: TOURNAMENTS_PAGE_SIZE },
    schema: later('tournamentListResponse'),
  });

/** A tournament with its drawn rounds, or its projected first round while upcoming. */
export const getTournament = (slug: string) =>
  api.request(`/tournaments/${encodeURIComponent(slug)}`, { schema: later('tournamentDetail') });
