import {
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  catalogueOptions,
  dashboardResponse,
  errorEnvelope,
  imageRef,
  manageJersey,
  manageJerseyList,
  manageNamed,
  manageNamedList,
  manageTeam,
  manageTeamList,
  type ImageRef,
  type JerseyInput,
  type NamedInput,
  type TeamInput,
} from '@manto/contracts';
import { api } from '#lib/api.ts';
import { ApiError, SessionEndedError, definedQuery } from '#lib/api-client.ts';
import { authStore } from '#lib/auth-store.ts';
import { i18n } from '#lib/i18n.ts';
import { navigateTo } from '#lib/navigation.ts';

/** A Sistema list query (contracts' manageListQuery); `sort` values are per resource. */
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

/**
 * POST /api/manage/images takes the file itself as the body (Content-Type: image/…), which the
 * shared client cannot send (it JSON-encodes bodies). So this call asks the client for a fresh
 * access token (refreshing once when needed, exactly as authorized calls do) and sends the bytes
 * with the same headers; a 401 ends the session like any authorized call.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<ImageRef> {
  const accessToken = await api.freshAccessToken('end');
  if (!accessToken) {
    authStore.clear();
    navigateTo('/auth/login', { replace: true });
    throw new SessionEndedError(null);
  }

  let response: Response;
  try {
    response = await window.fetch('/api/manage/images', {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Language': i18n.resolvedLanguage ?? i18n.language ?? 'pt',
        'Content-Type': file.type,
        Authorization: `Bearer ${accessToken}`,
      },
      body: file,
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', null);
  }

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }

  if (!response.ok) {
    const envelope = errorEnvelope.safeParse(json);
    const error = envelope.success
      ? new ApiError(response.status, envelope.data.code, envelope.data.message, envelope.data.details)
      : new ApiError(response.status, `HTTP_${response.status}`, null);
    if (response.status === 401) {
      if (authStore.getState().tokens) {
        authStore.clear();
        navigateTo('/auth/login', { replace: true });
      }
      throw new SessionEndedError(error);
    }
    throw error;
  }
  const parsed = imageRef.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, 'INVALID_RESPONSE', null);
  return parsed.data;
}
