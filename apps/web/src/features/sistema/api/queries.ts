import { keepPreviousData, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { catalogueKeys } from '#api/keys.ts';
import {
  type SistemaListParams,
  type NamedKind,
  getDashboard,
  getMailOutbox,
  getSistemaJerseys,
  getSistemaNamed,
  getSistemaTeams,
  getOptions,
} from './sistema-api.ts';

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
};

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

export type SistemaResource = 'teams' | NamedKind | 'jerseys';

/**
 * After a change in one section: its lists, whatever shows its names or counts elsewhere in
 * Sistema, the dashboard counts, and every public screen that shows catalogue data (team lists with
 * their jersey counts, team options, team pages, duel scopes), through the shared catalogue keys.
 */
export function invalidateAfterChange(queryClient: QueryClient, section: SistemaResource): Promise<unknown> {
  const keys: QueryKey[] = [sistemaKeys.dashboard(), catalogueKeys.all];
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
      );
      break;
  }
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
