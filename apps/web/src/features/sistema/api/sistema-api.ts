import {
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
  outboxMail,
  type ImageRef,
  type JerseyInput,
  type NamedInput,
  type TeamInput,
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
