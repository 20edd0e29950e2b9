import type { TFunction } from 'i18next';
import { issueParams } from '@manto/contracts';
import type { z } from 'zod';
import './error-texts.ts';

export type FormErrors = Record<string, string>;

/**
 * Zod issues → Mantine form errors. Contract issues carry a message key (see contracts'
 * validation.ts), translated through the 'errors' namespace; the first issue per field wins.
 */
export function zodFormErrors(schema: z.ZodType, values: unknown, t: TFunction): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (!field || field in errors) continue;
    errors[field] = t(issue.message, {
      ns: 'errors',
      ...issueParams(issue),
      defaultValue: t('invalidValue', { ns: 'errors' }),
    });
  }
  return errors;
}

/** Server `details` are already localised: show them under the fields they name. */
export function serverFormErrors(details: Record<string, string> | undefined, fields: readonly string[]): FormErrors {
  const errors: FormErrors = {};
  for (const [field, message] of Object.entries(details ?? {})) {
    if (fields.includes(field)) errors[field] = message;
  }
  return errors;
}
