import {
  auditList,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  catalogueOptions,
  dashboardResponse,
  imageRef,
  manageJersey,
  manageJerseyList,
  manageNamed,
  manageNamedList,
  manageTeam,
  manageTeamList,
  mailOutboxResponse,
  manageTournament,
  manageTournamentList,
  manageFeedback,
  manageFeedbackList,
  outboxMail,
  manageUserDetail,
  manageUserList,
  messageResponse,
  type Role,
  type UserManageSort,
  type UserRoleFilter,
  tournamentPreviewResponse,
  type CloseRoundInput,
  type ImageRef,
  type JerseyInput,
  type ManageJersey,
  type NamedInput,
  type TeamInput,
  type TournamentInput,
  type TournamentPreviewInput,
  type TournamentStatus,
  type FeedbackPatch,
  type FeedbackPriority,
  type FeedbackSort,
  type FeedbackStatus,
  type FeedbackType,
} from '@manto/contracts';
import { api } from '#lib/api.ts';
import { definedQuery } from '#lib/api-client.ts';

/** A Sistema list query (contracts' manageTeamQuery, manageJerseyQuery, manageNamedQuery); `sort` values are per resource. */
export interface SistemaListParams {
  search?: string | undefined;
  page: number;
  sort?: string | undefined;
  /** Jerseys only: a team id. */
  team?: string | undefined;
  /** Tournaments only: the derived status. */
  status?: TournamentStatus | undefined;
}

/** Models and suppliers share one API shape (ManageNamed) under different paths. */
export type NamedKind = 'models' | 'suppliers';

export const PAGE_SIZE = 20;

const listQuery = (params: SistemaListParams) => definedQuery({ ...params, pageSize: PAGE_SIZE });

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

// ---- dashboard and options ----

export const getDashboard = () => api.authorized('/manage/dashboard', { schema: dashboardResponse });

// ---- the mail outbox (Admins) ----

export const getMailOutbox = (page: number) =>
  api.authorized('/manage/mail-outbox', {
    query: definedQuery({ status: 'dead', page, pageSize: PAGE_SIZE }),
    schema: mailOutboxResponse,
  });

/** The audit trail, newest first, narrowed by kind of record, action or one record (Admins only). */
export const getAudit = (params: { resource: string | null; action: string | null; page: number; target?: string }) =>
  api.authorized('/manage/audit', {
    query: definedQuery({
      resource: params.resource ?? undefined,
      action: params.action ?? undefined,
      target: params.target,
      page: params.page,
      pageSize: PAGE_SIZE,
    }),
    schema: auditList,
  });

export const retryMail = (id: string) =>
  api.authorized(path('/manage/mail-outbox', id) + '/retry', { method: 'POST', schema: outboxMail });

export const getOptions = () => api.authorized('/manage/options', { schema: catalogueOptions });

// ---- teams ----

export const getSistemaTeams = (params: SistemaListParams) =>
  api.authorized('/manage/teams', { query: listQuery(params), schema: manageTeamList });

export const createTeam = (body: TeamInput) =>
  api.authorized('/manage/teams', { method: 'POST', body, schema: manageTeam });

export const updateTeam = (id: string, body: TeamInput) =>
  api.authorized(path('/manage/teams', id), { method: 'PUT', body, schema: manageTeam });

export const deleteTeam = async (id: string): Promise<void> => {
  await api.authorized(path('/manage/teams', id), { method: 'DELETE' });
};

// ---- models and suppliers ----

export const getSistemaNamed = (kind: NamedKind, params: SistemaListParams) =>
  api.authorized(`/manage/${kind}`, { query: listQuery(params), schema: manageNamedList });

export const createNamed = (kind: NamedKind, body: NamedInput) =>
  api.authorized(`/manage/${kind}`, { method: 'POST', body, schema: manageNamed });

export const updateNamed = (kind: NamedKind, id: string, body: NamedInput) =>
  api.authorized(path(`/manage/${kind}`, id), { method: 'PUT', body, schema: manageNamed });

export const deleteNamed = async (kind: NamedKind, id: string): Promise<void> => {
  await api.authorized(path(`/manage/${kind}`, id), { method: 'DELETE' });
};

// ---- jerseys ----

export const getSistemaJerseys = (params: SistemaListParams) =>
  api.authorized('/manage/jerseys', { query: listQuery(params), schema: manageJerseyList });

export const createJersey = (body: JerseyInput) =>
  api.authorized('/manage/jerseys', { method: 'POST', body, schema: manageJersey });

export const updateJersey = (id: string, body: JerseyInput) =>
  api.authorized(path('/manage/jerseys', id), { method: 'PUT', body, schema: manageJersey });

export const setJerseyActive = (id: string, active: boolean) =>
  api.authorized(`${path('/manage/jerseys', id)}/active`, { method: 'PATCH', body: { active }, schema: manageJersey });

export const deleteJersey = async (id: string): Promise<void> => {
  await api.authorized(path('/manage/jerseys', id), { method: 'DELETE' });
};

/** The hand-picked pool's search: the first jerseys matching `search` (team, model, season, supplier). */
export const searchJerseys = (search: string, signal?: AbortSignal) =>
  api.authorized('/manage/jerseys', {
    query: definedQuery({ search, pageSize: PAGE_SIZE }),
    schema: manageJerseyList,
    signal,
  });

/** The jerseys of a saved hand-picked pool, to name them in the form: by id, 100 a request. */
export async function findJerseys(ids: readonly string[], signal?: AbortSignal): Promise<ManageJersey[]> {
  const found: ManageJersey[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const answer = await api.authorized('/manage/jerseys', {
      query: { ids: ids.slice(i, i + 100).join(','), pageSize: 100 },
      schema: manageJerseyList,
      signal,
    });
    found.push(...answer.items);
  }
  return found;
}

// ---- tournaments (docs/tournaments.md) ----

export const getSistemaTournaments = (params: SistemaListParams) =>
  api.authorized('/manage/tournaments', { query: listQuery(params), schema: manageTournamentList });

export const createTournament = (body: TournamentInput) =>
  api.authorized('/manage/tournaments', { method: 'POST', body, schema: manageTournament });

export const updateTournament = (id: string, body: TournamentInput) =>
  api.authorized(path('/manage/tournaments', id), { method: 'PUT', body, schema: manageTournament });

export const deleteTournament = async (id: string): Promise<void> => {
  await api.authorized(path('/manage/tournaments', id), { method: 'DELETE' });
};

/** The form's live preview: how many jerseys the pool holds now and the first round they would play. */
export const previewTournament = (body: TournamentPreviewInput, signal?: AbortSignal) =>
  api.authorized('/manage/tournaments/preview', {
    method: 'POST',
    body,
    schema: tournamentPreviewResponse,
    signal,
  });

/**
 * "Encerrar rodada agora": round `round` is decided now and the next one opens (docs/tournaments.md §5). The
 * round is named, so a round closed meanwhile (by someone else or on schedule) is refused, not the next one.
 */
export const closeTournamentRound = ({ id, round }: { id: string; round: number }) =>
  api.authorized(`${path('/manage/tournaments', id)}/close-round`, {
    method: 'POST',
    body: { round } satisfies CloseRoundInput,
    schema: manageTournament,
  });

// ---- users (Admins) ----

/** contracts' manageUserQuery: booleans travel as 'true' / 'false'. */
export interface SistemaUserParams {
  search?: string | undefined;
  page: number;
  sort?: UserManageSort | undefined;
  role?: UserRoleFilter | undefined;
  active?: boolean | undefined;
  confirmed?: boolean | undefined;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : String(value));

export const getSistemaUsers = ({ active, confirmed, ...params }: SistemaUserParams) =>
  api.authorized('/manage/users', {
    query: definedQuery({ ...params, active: flag(active), confirmed: flag(confirmed), pageSize: PAGE_SIZE }),
    schema: manageUserList,
  });

export const getSistemaUser = (id: string) => api.authorized(path('/manage/users', id), { schema: manageUserDetail });

/** The whole role list ([] makes a plain member). */
export const setUserRoles = (id: string, roles: Role[]) =>
  api.authorized(`${path('/manage/users', id)}/roles`, { method: 'PUT', body: { roles }, schema: manageUserDetail });

/** Deactivating ends every session of the account at once. */
export const setUserActive = (id: string, active: boolean) =>
  api.authorized(`${path('/manage/users', id)}/active`, { method: 'PUT', body: { active }, schema: manageUserDetail });

export const resendUserConfirmation = (id: string) =>
  api.authorized(`${path('/manage/users', id)}/resend-confirmation`, { method: 'POST', schema: messageResponse });

// ---- images ----

export type ImageProblem = 'type' | 'size';

/** The client-side check before an upload; the server decides for real (it reads the bytes). */
export function checkImageFile(file: File): ImageProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** POST /api/manage/images takes the file itself as the body (Content-Type: image/…). */
export const uploadImage = (file: File, signal?: AbortSignal): Promise<ImageRef> =>
  api.authorized('/manage/images', { method: 'POST', body: file, schema: imageRef, signal });

// ---- feedback ----

/** The feedback list's filters (contracts' manageFeedbackQuery). */
export interface FeedbackListParams {
  search?: string | undefined;
  page: number;
  sort?: FeedbackSort | undefined;
  type?: FeedbackType | undefined;
  status?: FeedbackStatus | undefined;
  priority?: FeedbackPriority | undefined;
}

export const getSistemaFeedbacks = (params: FeedbackListParams) =>
  api.authorized('/manage/feedbacks', {
    query: definedQuery({ ...params, pageSize: PAGE_SIZE }),
    schema: manageFeedbackList,
  });

export const updateFeedback = (id: string, body: FeedbackPatch) =>
  api.authorized(path('/manage/feedbacks', id), { method: 'PATCH', body, schema: manageFeedback });
