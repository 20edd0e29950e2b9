import { z } from 'zod';
import { paged, PAGE_SIZE_MAX } from './catalogue.ts';
import { email } from './validation.ts';

// Feedback from anyone (spec §3), read and triaged by moderators in Sistema.

export const FEEDBACK_TYPES = ['suggestion', 'complaint', 'bug', 'praise'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_STATUSES = ['pending', 'reviewed', 'resolved'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type FeedbackPriority = (typeof FEEDBACK_PRIORITIES)[number];

export const FEEDBACK_TITLE_MIN = 3;
export const FEEDBACK_TITLE_MAX = 120;
export const FEEDBACK_MESSAGE_MIN = 10;
export const FEEDBACK_MESSAGE_MAX = 4000;
export const FEEDBACK_NOTE_MAX = 2000;
/** Sends per member or per visitor's address in one clock hour. */
export const FEEDBACK_PER_HOUR = 5;

/**
 * The moves a moderator may make: pending → reviewed → resolved, and back to pending (reopen) from
 * either. Setting the status a feedback already has is no move.
 */
export const FEEDBACK_TRANSITIONS: Record<FeedbackStatus, readonly FeedbackStatus[]> = {
  pending: ['reviewed'],
  reviewed: ['resolved', 'pending'],
  resolved: ['pending'],
};
export const canMoveFeedback = (from: FeedbackStatus, to: FeedbackStatus) =>
  from === to || FEEDBACK_TRANSITIONS[from].includes(to);

// Empty first ('required'), then the length bounds.
const boundedText = (min: number, max: number) => z.string().trim().min(1).min(min).max(max);

export const feedbackInput = z.strictObject({
  type: z.enum(FEEDBACK_TYPES, { error: 'feedbackTypeRequired' }),
  title: boundedText(FEEDBACK_TITLE_MIN, FEEDBACK_TITLE_MAX),
  message: boundedText(FEEDBACK_MESSAGE_MIN, FEEDBACK_MESSAGE_MAX),
  /** A visitor's address for a reply; optional, and ignored for a member (their account answers). */
  email: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    email.optional(),
  ),
  /** The page it was sent from, as an app path ('/rankings'). */
  pagePath: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/[^\s]*$/)
    .optional(),
});
export type FeedbackInput = z.input<typeof feedbackInput>;

/** A feedback as its sender sees it. */
export const myFeedback = z.object({
  id: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  title: z.string(),
  message: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyFeedback = z.infer<typeof myFeedback>;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = (fallback: number) => z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(fallback);

export const myFeedbackQuery = z.strictObject({ page, pageSize: pageSize(10) });
export const myFeedbackList = paged(myFeedback);
export type MyFeedbackList = z.infer<typeof myFeedbackList>;

// ---- management (Sistema) ----

/** Newest first by default; priority sorts high → low ('-priority') or low → high, newest first within. */
export const FEEDBACK_SORTS = ['-date', 'date', '-priority', 'priority'] as const;
export type FeedbackSort = (typeof FEEDBACK_SORTS)[number];

export const manageFeedbackQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  type: z.enum(FEEDBACK_TYPES, { error: 'oneOf' }).optional(),
  status: z.enum(FEEDBACK_STATUSES, { error: 'oneOf' }).optional(),
  priority: z.enum(FEEDBACK_PRIORITIES, { error: 'oneOf' }).optional(),
  sort: z.enum(FEEDBACK_SORTS, { error: 'oneOf' }).optional(),
  page,
  pageSize: pageSize(20),
});
export type ManageFeedbackQuery = z.input<typeof manageFeedbackQuery>;

export const manageFeedback = myFeedback.extend({
  priority: z.enum(FEEDBACK_PRIORITIES),
  /** The visitor's reply address; null for members and for visitors who left none. */
  email: z.string().nullable(),
  /** The member who sent it; null for a visitor. */
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
  pagePath: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** For moderators only; never shown to the sender. */
  note: z.string().nullable(),
});
export type ManageFeedback = z.infer<typeof manageFeedback>;
export const manageFeedbackList = paged(manageFeedback);
export type ManageFeedbackList = z.infer<typeof manageFeedbackList>;

export const feedbackPatch = z.strictObject({
  status: z.enum(FEEDBACK_STATUSES, { error: 'oneOf' }).optional(),
  priority: z.enum(FEEDBACK_PRIORITIES, { error: 'oneOf' }).optional(),
  /** Empty clears it. */
  note: z
    .string()
    .trim()
    .max(FEEDBACK_NOTE_MAX)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});
export type FeedbackPatch = z.input<typeof feedbackPatch>;
