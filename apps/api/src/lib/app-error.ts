import type { ErrorCode } from '@manto/contracts';

/** A failure the client caused or should know about; rendered as the error envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly details?: Record<string, string>,
  ) {
    super(code);
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND');
/** A 429 that says how long to wait: the message counts the seconds and Retry-After carries them. */
export const tooManyRequests = (seconds: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', { count: seconds, retryAfter: seconds });
/** A single-field validation failure, shaped like schema validation failures. */
export const fieldError = (field: string, key: string) => new AppError(400, 'VALIDATION_FAILED', {}, { [field]: key });
