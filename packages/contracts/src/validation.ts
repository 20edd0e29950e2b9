import { z } from 'zod';

/**
 * Every zod issue carries a message *key* from messages.ts instead of English text, so the API
 * and the web translate the same key. Installed once, globally, when contracts are imported.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? 'required' : 'invalidValue';
      case 'too_big':
        return issue.origin === 'array' ? 'tooMany' : 'tooLong';
      case 'too_small':
        return issue.origin === 'string' && issue.minimum === 1 ? 'required' : 'tooShort';
      case 'unrecognized_keys':
        return 'unknownField';
      case 'invalid_value':
        // An empty choice (a select left blank) is a missing field, like any other.
        return issue.input === '' || issue.input === undefined || issue.input === null ? 'required' : 'invalidValue';
      case 'invalid_format':
        return issue.format === 'email' ? 'invalidEmail' : 'invalidValue';
      default:
        return 'invalidValue';
    }
  },
});

/** A required, trimmed text field with a maximum length. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** An optional text field: empty strings become null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const email = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email())
  .transform((v) => v.toLowerCase());

/** Length rules only; the common-password list is checked on the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const password = z
  .string()
  .min(1)
  .refine((v) => [...v].length >= PASSWORD_MIN && [...v].length <= PASSWORD_MAX, 'passwordTooWeak');

/** The param values a message key needs (e.g. {{max}}), read from a zod issue. */
export function issueParams(issue: z.core.$ZodIssue): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (issue.code === 'invalid_value') params.values = issue.values.join(', ');
  return params;
}
