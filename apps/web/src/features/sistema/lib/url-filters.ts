/**
 * Sistema list filters as the URL holds them. A hand-edited URL with an unknown value reads as no
 * filter, never as an error.
 */

/** `value` when it is one of `values`, else undefined. */
export const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

/** A yes/no filter's values in the URL (Portuguese, like the routes). */
export const YES = 'sim';
export const NO = 'nao';

/** A yes/no filter: true, false, or undefined for none. */
export const yesNo = (value: string | null) => (value === YES ? true : value === NO ? false : undefined);
