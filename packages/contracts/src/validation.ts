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

/**
 * What no address may hold anywhere: control characters (C0, DEL, C1), invisible format characters
 * (zero-width, bidi overrides, the byte-order mark), separators and any other whitespace, and lone
 * surrogates. Each would make a link read, log or open differently from what a moderator saw
 * (docs/security.md item 12, ADR 0032).
 */
const URL_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Z}\p{Cs}\s]/u;
/** http(s), then a host that does not start with a path, query or fragment character. */
const HTTP_URL = /^https?:\/\/[^/$.?#][^]*$/i;

const urlChecks = (schema: z.ZodString, max: number) =>
  schema
    .max(max)
    .refine((v) => v === '' || !URL_FORBIDDEN.test(v), 'urlCharacter')
    .refine((v) => v === '' || HTTP_URL.test(v), 'invalidUrl');

/**
 * Every URL field of a write (shop offers, a jersey's image source, …) is one of these two: trimmed,
 * http(s) only, and no control, invisible or whitespace character inside, each refused with its own
 * message on the field.
 */
export const httpUrl = (max: number) => urlChecks(z.string({ error: 'required' }).trim().min(1, 'required'), max);
/** The same, optional: an empty text means "no address" (null). */
export const optionalHttpUrl = (max: number) =>
  urlChecks(z.string().trim(), max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

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
