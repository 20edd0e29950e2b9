import { ApiError, SessionEndedError, errorMessage } from '#lib/api-client.ts';
import { type FormErrors, serverFormErrors } from '#lib/form-errors.ts';
import { notifyError } from '#lib/notify.ts';

/**
 * A failed save: the server's per-field messages go under the fields they name; anything else
 * (a conflict, a network failure) is toasted in the server's words. A session that ended is
 * already on its way to the login page. `aliases` maps a server path to the form field that
 * stands for it (the tournament form's roundHours is its duration amount and unit).
 */
export function showSaveError(
  error: unknown,
  fields: readonly string[],
  setErrors: (errors: FormErrors) => void,
  fallback: string,
  aliases: Readonly<Record<string, string>> = {},
): void {
  if (error instanceof SessionEndedError) return;
  const details =
    error instanceof ApiError
      ? Object.fromEntries(Object.entries(error.details).map(([field, message]) => [aliases[field] ?? field, message]))
      : {};
  const fieldErrors = serverFormErrors(details, fields);
  if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
  else notifyError(errorMessage(error, fallback));
}
