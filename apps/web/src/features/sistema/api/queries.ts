import { keepPreviousData, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { catalogueKeys, tournamentKeys } from '#api/keys.ts';
import {
  type SistemaListParams,
  type SistemaUserParams,
  getSistemaUser,
  getSistemaUsers,
  type NamedKind,
  getDashboard,
  getMailOutbox,
  getSistemaJerseys,
  getSistemaNamed,
  getSistemaTeams,
  getSistemaTournaments,
  getSistemaFeedbacks,
  type FeedbackListParams,
  getOptions,
  findJerseys,
  previewTournament,
  searchJerseys,
  getAudit,
} from './sistema-api.ts';
import type { TournamentPreviewInput } from '@manto/contracts';
import { getTermsVersion, getTermsVersions } from './terms-api.ts';
import { type ProductListParams, getSistemaProduct, getSistemaProducts } from './products-api.ts';

/** Query keys go from general to specific; mutations invalidate through these. */
export const sistemaKeys = {
  all: ['sistema'] as const,
  dashboard: () => [...sistemaKeys.all, 'dashboard'] as const,
  options: () => [...sistemaKeys.all, 'options'] as const,
  mailOutbox: (page: number) => [...sistemaKeys.all, 'mail-outbox', page] as const,
  teams: () => [...sistemaKeys.all, 'teams'] as const,
  teamList: (params: SistemaListParams) => [...sistemaKeys.teams(), 'list', params] as const,
  named: (kind: NamedKind) => [...sistemaKeys.all, kind] as const,
  namedList: (kind: NamedKind, params: SistemaListParams) => [...sistemaKeys.named(kind), 'list', params] as const,
  jerseys: () => [...sistemaKeys.all, 'jerseys'] as const,
  jerseyList: (params: SistemaListParams) => [...sistemaKeys.jerseys(), 'list', params] as const,
  /** The tournament form's jersey picker: a search, and the names of a saved pool. */
  jerseySearch: (search: string) => [...sistemaKeys.jerseys(), 'search', search] as const,
  jerseyLookup: (ids: readonly string[]) => [...sistemaKeys.jerseys(), 'lookup', ids] as const,
  tournaments: () => [...sistemaKeys.all, 'tournaments'] as const,
  tournamentList: (params: SistemaListParams) => [...sistemaKeys.tournaments(), 'list', params] as const,
  tournamentPreview: (body: TournamentPreviewInput) => [...sistemaKeys.tournaments(), 'preview', body] as const,
  feedbacks: () => [...sistemaKeys.all, 'feedbacks'] as const,
  feedbackList: (params: FeedbackListParams) => [...sistemaKeys.feedbacks(), 'list', params] as const,
  users: () => [...sistemaKeys.all, 'users'] as const,
  userList: (params: SistemaUserParams) => [...sistemaKeys.users(), 'list', params] as const,
  user: (id: string) => [...sistemaKeys.users(), 'detail', id] as const,
  audit: (params: AuditParams) => [...sistemaKeys.all, 'audit', params] as const,
  terms: () => [...sistemaKeys.all, 'terms'] as const,
  termsVersion: (version: number) => [...sistemaKeys.terms(), 'version', version] as const,
  products: () => [...sistemaKeys.all, 'products'] as const,
  productList: (params: ProductListParams) => [...sistemaKeys.products(), 'list', params] as const,
  product: (id: string) => [...sistemaKeys.products(), 'detail', id] as const,
};

export type AuditParams = Parameters<typeof getAudit>[0];

/** The audit trail: every write adds to it, so it is refetched whenever the screen is opened. */
export const auditQuery = (params: AuditParams) =>
  queryOptions({
    queryKey: sistemaKeys.audit(params),
    queryFn: () => getAudit(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Other moderators edit too: Sistema data is refetched when older than this. */
const STALE_TIME = 30_000;

export const dashboardQuery = () =>
  queryOptions({ queryKey: sistemaKeys.dashboard(), queryFn: getDashboard, staleTime: STALE_TIME });

/** The outbox's counts and its dead mails, for Admins; refetched often, since the sender works on its own. */
export const mailOutboxQuery = (page: number) =>
  queryOptions({
    queryKey: sistemaKeys.mailOutbox(page),
    queryFn: () => getMailOutbox(page),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const optionsQuery = () =>
  queryOptions({ queryKey: sistemaKeys.options(), queryFn: getOptions, staleTime: STALE_TIME });

// Paged lists keep the previous page on screen while the next one loads (no flash of skeletons).
export const teamListQuery = (params: SistemaListParams) =>
  queryOptions({
    queryKey: sistemaKeys.teamList(params),
    queryFn: () => getSistemaTeams(params),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });

export const namedListQuery = (kind: NamedKind, params: SistemaListParams) =>
  queryOptions({
    queryKey: sistemaKeys.namedList(kind, params),
    queryFn: () => getSistemaNamed(kind, params),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });

export const jerseyListQuery = (params: SistemaListParams) =>
  queryOptions({
    queryKey: sistemaKeys.jerseyList(params),
    queryFn: () => getSistemaJerseys(params),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });

export const tournamentListQuery = (params: SistemaListParams) =>
  queryOptions({
    queryKey: sistemaKeys.tournamentList(params),
    queryFn: () => getSistemaTournaments(params),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });

/** Seeds follow the ranking, which moves with every fit: the preview is asked again after a short while. */
export const tournamentPreviewQuery = (body: TournamentPreviewInput, enabled: boolean) =>
  queryOptions({
    queryKey: sistemaKeys.tournamentPreview(body),
    queryFn: ({ signal }) => previewTournament(body, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
    enabled,
  });

export const jerseySearchQuery = (search: string) =>
  queryOptions({
    queryKey: sistemaKeys.jerseySearch(search),
    queryFn: ({ signal }) => searchJerseys(search, signal),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });

export const jerseyLookupQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: sistemaKeys.jerseyLookup(ids),
    queryFn: ({ signal }) => findJerseys(ids, signal),
    staleTime: STALE_TIME,
    enabled: ids.length > 0,
  });

export const userListQuery = (params: SistemaUserParams) =>
  queryOptions({
    queryKey: sistemaKeys.userList(params),
    queryFn: () => getSistemaUsers(params),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });

/** A user's detail is read fresh on every open: sessions and sign-ins move all the time. */
export const userDetailQuery = (id: string) =>
  queryOptions({ queryKey: sistemaKeys.user(id), queryFn: () => getSistemaUser(id), staleTime: 0 });

export const productListQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: sistemaKeys.productList(params),
    queryFn: () => getSistemaProducts(params),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });

/** The form edits the whole product (a PUT replaces it): it starts from a fresh read. */
export const productDetailQuery = (id: string) =>
  queryOptions({ queryKey: sistemaKeys.product(id), queryFn: () => getSistemaProduct(id), staleTime: 0 });

export type SistemaResource = 'teams' | NamedKind | 'jerseys' | 'tournaments' | 'products';

/**
 * After a change in one section: its lists, whatever shows its names or counts elsewhere in
 * Sistema, the dashboard counts, and every public screen that shows catalogue data (team lists with
 * their jersey counts, team options, team pages, duel scopes), through the shared catalogue keys.
 */
export function invalidateAfterChange(queryClient: QueryClient, section: SistemaResource): Promise<unknown> {
  // Tournaments show no catalogue data of their own; the public tournament screens refresh with them.
  const keys: QueryKey[] =
    section === 'tournaments'
      ? [sistemaKeys.dashboard(), tournamentKeys.all]
      : [sistemaKeys.dashboard(), catalogueKeys.all];
  switch (section) {
    case 'teams':
      // Jersey rows and the jersey form show team names.
      keys.push(sistemaKeys.teams(), sistemaKeys.options(), sistemaKeys.jerseys());
      break;
    case 'models':
    case 'suppliers':
      keys.push(sistemaKeys.named(section), sistemaKeys.options(), sistemaKeys.jerseys());
      break;
    case 'jerseys':
      // Teams, models and suppliers show how many jerseys use them.
      keys.push(
        sistemaKeys.jerseys(),
        sistemaKeys.teams(),
        sistemaKeys.named('models'),
        sistemaKeys.named('suppliers'),
        // A tournament's pool and preview count active jerseys.
        sistemaKeys.tournaments(),
      );
      break;
    case 'tournaments':
      keys.push(sistemaKeys.tournaments());
      break;
    case 'products':
      // The dashboard has the inventory counts; a jersey's page shows its product's cheapest offer.
      keys.push(sistemaKeys.products());
      break;
  }
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export const feedbackListQuery = (params: FeedbackListParams) =>
  queryOptions({
    queryKey: sistemaKeys.feedbackList(params),
    queryFn: () => getSistemaFeedbacks(params),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });

/** The terms versions, newest first: few, so one unpaged list. */
export const termsListQuery = () =>
  queryOptions({ queryKey: sistemaKeys.terms(), queryFn: getTermsVersions, staleTime: STALE_TIME });

/** One version with both texts (the editor, the read-only view, the prefill of a new version). */
export const termsVersionQuery = (version: number) =>
  queryOptions({
    queryKey: sistemaKeys.termsVersion(version),
    queryFn: () => getTermsVersion(version),
    staleTime: STALE_TIME,
  });
