import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'EMAIL_ALREADY_EXISTS',
  'INVALID_TOKEN',
  'INVALID_REFRESH_TOKEN',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'TOO_MANY_REQUESTS',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'WRONG_PASSWORD',
  'ACCOUNT_INACTIVE',
  'PROVIDER_UNAVAILABLE',
  'SOCIAL_LOGIN_FAILED',
  'NO_PASSWORD',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'IN_USE',
  'INVALID_IMAGE',
  'IMAGE_TOO_LARGE',
  'VOTER_REQUIRED',
  'VOTER_ID_INVALID',
  'HAS_VOTES',
  'INVALID_DUEL',
  'DUEL_NOT_YOURS',
  'DUEL_EXPIRED',
  'DUEL_ALREADY_ANSWERED',
  'VOTE_TOO_FAST',
  'MAIL_NOT_RETRYABLE',
  'TOURNAMENT_STARTED',
  'NO_OPEN_ROUND',
  'ROUND_NOT_OPEN',
  'MATCH_CLOSED',
  'IN_TOURNAMENT',
  'RECENT_SIGN_IN_REQUIRED',
  'FEEDBACK_RATE_LIMITED',
  'FEEDBACK_TRANSITION',
  'LAST_ADMIN',
  'CANNOT_DEACTIVATE_SELF',
  'ALREADY_CONFIRMED',
  'TERMS_NOT_ACCEPTED',
  'TERMS_OUTDATED',
  'TERMS_PUBLISHED',
  'TERMS_DRAFT_EXISTS',
  'UNSUBSCRIBE_LINK_INVALID',
  'JERSEY_NOT_FOUND',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error body every API failure uses. `details` maps a field path to its message. */
export const errorEnvelope = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** A plain acknowledgement with a localised message. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
