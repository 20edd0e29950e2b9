import { z } from 'zod';

/**
 * Terms of use, versioned (docs/decisions/0017-terms-re-consent.md). Admins write a draft, preview
 * and publish it; a published version never changes. A member whose accepted version is older than
 * the current one must accept it before any other write.
 */

export const TERMS_TITLE_MAX = 200;
export const TERMS_BODY_MIN = 20;
export const TERMS_BODY_MAX = 50_000;

export const TERMS_STATUSES = ['draft', 'current', 'previous'] as const;
export type TermsStatus = (typeof TERMS_STATUSES)[number];

// Empty first ('required'), then the length bounds.
const title = z.string().trim().min(1).max(TERMS_TITLE_MAX);
const body = z.string().trim().min(1).min(TERMS_BODY_MIN).max(TERMS_BODY_MAX);

export const termsDraftInput = z.strictObject({ titlePt: title, titleEn: title, bodyPt: body, bodyEn: body });
export type TermsDraftInput = z.input<typeof termsDraftInput>;
/** Editing a draft: any of the four fields. */
export const termsDraftPatch = termsDraftInput.partial();
export type TermsDraftPatch = z.input<typeof termsDraftPatch>;

/** A version in a path (`:id`, the name the audit trail reads). */
export const termsVersionParams = z.strictObject({ id: z.coerce.number().int().min(1).max(1_000_000) });

/** One version as Admins see it in the history. */
export const manageTermsSummary = z.object({
  version: z.number().int(),
  titlePt: z.string(),
  titleEn: z.string(),
  status: z.enum(TERMS_STATUSES),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  /** Members whose latest acceptance is this version. */
  acceptedCount: z.number().int(),
});
export type ManageTermsSummary = z.infer<typeof manageTermsSummary>;
export const manageTermsList = z.object({ items: z.array(manageTermsSummary) });
export type ManageTermsList = z.infer<typeof manageTermsList>;

/** One version with both texts, for the editor and the preview. */
export const manageTerms = manageTermsSummary.extend({ bodyPt: z.string(), bodyEn: z.string() });
export type ManageTerms = z.infer<typeof manageTerms>;

/** A member accepts the version they were shown; an older one than the current is refused. */
export const termsAcceptInput = z.strictObject({ version: z.number().int().min(1).max(1_000_000) });
export type TermsAcceptInput = z.infer<typeof termsAcceptInput>;
