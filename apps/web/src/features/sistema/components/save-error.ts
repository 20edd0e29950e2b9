import { ApiError, SessionEndedError, errorMessage } from '#lib/api-client.ts';
import { type FormErrors, serverFormErrors } from '#lib/form-errors.ts';
import { notifyError } from '#lib/notify.ts';

/**
 * A failed save: the server's per-field messages go under the fields they name; anything else
 * (a conflict, a network failure) is toasted in the server's words. A session that ended is
 * already on its way to the login page.
 */
export function showSaveError(
  error: unknown,
  fields: readonly string[],
  setErrors: (errors: FormErrors) => void,
  fallback: string,
): void {
  if (error instanceof SessionEndedError) return;
  const fieldErrors = error instanceof ApiError ? serverFormErrors(error.details, fields) : {};
  if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
  else notifyError(errorMessage(error, fallback));
}
