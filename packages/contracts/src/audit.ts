import { z } from 'zod';
import { paged, PAGE_SIZE_MAX } from './catalogue.ts';

/** The kinds of record the audit trail names (docs/security.md item 26). */
export const AUDIT_RESOURCES = [
  'teams',
  'models',
  'suppliers',
  'jerseys',
  'tournaments',
  'vote-flags',
  'mail-outbox',
  'users',
  'feedbacks',
  'terms',
  'products',
] as const;

/** One management write: who, when, what, on which record, and the fields it changed. */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** Null once the account is gone; the name is kept as it was. */
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  resource: z.string(),
  targetId: z.string().nullable(),
  route: z.string(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.strictObject({
  resource: z.string().trim().max(40).optional(),
  target: z.string().trim().max(100).optional(),
  actor: z.string().uuid().optional(),
  action: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(50),
});
export type AuditQuery = z.input<typeof auditQuery>;
export const auditList = paged(auditEntry);
export type AuditList = z.infer<typeof auditList>;
