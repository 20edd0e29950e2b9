import type { ErrorEnvelope, SessionUser, Tokens, VisitorIdResponse } from '@manto/contracts';

/**
 * The shapes the app reads before any screen code loads: the stored session (user and tokens, read
 * at start), the refresh answer, the API's error body and a new visitor id (asked for while the
 * home page's code loads). They are checked here by hand, with the same rules as the contracts' zod
 * schemas (`sessionUser`, `tokens`, `errorEnvelope`, `visitorIdResponse`), so zod
 * (26 kB gzip) is not part of the first screen's JavaScript (docs/performance.md, initial JS budget).
 * wire-shapes.test.ts holds them to the schemas: any sample one accepts, the other accepts too,
 * with the same output. Screens still validate their answers with the contracts.
 */

type Fields = Record<string, unknown>;

/** What z.object accepts: any non-null object but an array. */
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === 'string';

export function pickTokens(value: unknown): Tokens | null {
  if (!isObject(value)) return null;
  const { accessToken, refreshToken, expiresAt } = value;
  if (!isString(accessToken) || !isString(refreshToken) || !isString(expiresAt)) return null;
  return { accessToken, refreshToken, expiresAt };
}

export function pickSessionUser(value: unknown): SessionUser | null {
  if (!isObject(value)) return null;
  const { email, name, team, roles } = value;
  if (!isString(email) || !isString(name)) return null;
  if (team !== null && !isString(team)) return null;
  if (!Array.isArray(roles) || !roles.every(isString)) return null;
  return { email, name, team, roles: [...roles] };
}

export function pickErrorEnvelope(value: unknown): ErrorEnvelope | null {
  if (!isObject(value)) return null;
  const { statusCode, code, message, details, requestId } = value;
  if (typeof statusCode !== 'number' || !Number.isSafeInteger(statusCode)) return null;
  if (!isString(code) || !isString(message)) return null;
  if (details !== undefined && !(isObject(details) && Object.values(details).every(isString))) return null;
  if (requestId !== undefined && !isString(requestId)) return null;
  const envelope: ErrorEnvelope = { statusCode, code, message };
  if ('details' in value) envelope.details = details as Record<string, string> | undefined;
  if ('requestId' in value) envelope.requestId = requestId as string | undefined;
  return envelope;
}

export function pickVisitorId(value: unknown): VisitorIdResponse | null {
  if (!isObject(value) || !isString(value.voterId)) return null;
  return { voterId: value.voterId };
}
