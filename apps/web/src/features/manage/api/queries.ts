import { keepPreviousData, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  type ManageListParams,
  type NamedKind,
  getDashboard,
  getManageJerseys,
  getManageNamed,
  getManageTeams,
  getOptions,
} from './manage-api.ts';

/** Query keys go from general to specific; mutations invalidate through these. */
export const manageKeys = {
  all: ['manage'] as const,
  dashboard: () => [...manageKeys.all, 'dashboard'] as const,
  options: () => [...manageKeys.all, 'options'] as const,
  teams: () => [...manageKeys.all, 'teams'] as const,
  teamList: (params: ManageListParams) => [...manageKeys.teams(), 'list', params] as const,
  named: (kind: NamedKind) => [...manageKeys.all, kind] as const,
  namedList: (kind: NamedKind, params: ManageListParams) => [...manageKeys.named(kind), 'list', params] as const,
  jerseys: () => [...manageKeys.all, 'jerseys'] as const,
  jerseyList: (params: ManageListParams) => [...manageKeys.jerseys(), 'list', params] as const,
};

/** The public catalogue's cache (features/catalogue keys all start with this). */
const CATALOGUE_KEY = ['catalogue'] as const;
/** GET /api/teams, the team select of registration and profile. */
const TEAM_OPTIONS_KEY = ['teams', 'options'] as const;

/** Other moderators edit too: management data is refetched when older than this. */
const STALE_TIME = 30_000;

export const dashboardQuery = () =>
  queryOptions({ queryKey: manageKeys.dashboard(), queryFn: getDashboard, staleTime: STALE_TIME });

export const optionsQuery = () =>
  queryOptions({ queryKey: manageKeys.options(), queryFn: getOptions, staleTime: STALE_TIME });

// Paged lists keep the previous page on screen while the next one loads (no flash of skeletons).
export const teamListQuery = (params: ManageListParams) =>
  queryOptions({
    queryKey: manageKeys.teamList(params),
    queryFn: () => getManageTeams(params),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });

export const namedListQuery = (kind: NamedKind, params: ManageListParams) =>
  queryOptions({
    queryKey: manageKeys.namedList(kind, params),
    queryFn: () => getManageNamed(kind, params),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });

export const jerseyListQuery = (params: ManageListParams) =>
  queryOptions({
    queryKey: manageKeys.jerseyList(params),
    queryFn: () => getManageJerseys(params),
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME,
  });

export type ManageSection = 'teams' | NamedKind | 'jerseys';

/**
 * After a change in one section: its lists, whatever shows its names or counts elsewhere, the
 * dashboard counts and the public catalogue.
 */
export function invalidateAfterChange(queryClient: QueryClient, section: ManageSection): Promise<unknown> {
  const keys: QueryKey[] = [manageKeys.dashboard(), CATALOGUE_KEY];
  switch (section) {
    case 'teams':
      // Jersey rows and the jersey form show team names.
      keys.push(manageKeys.teams(), manageKeys.options(), manageKeys.jerseys(), TEAM_OPTIONS_KEY);
      break;
    case 'models':
    case 'suppliers':
      keys.push(manageKeys.named(section), manageKeys.options(), manageKeys.jerseys());
      break;
    case 'jerseys':
      // Teams, models and suppliers show how many jerseys use them.
      keys.push(manageKeys.jerseys(), manageKeys.teams(), manageKeys.named('models'), manageKeys.named('suppliers'));
      break;
  }
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
