import { z } from 'zod';

/**
 * GET /api/privacy: the figures of the privacy page that follow the server's configuration
 * (ADR 0031, docs/security.md item 34).
 */
export const privacyResponse = z.object({
  /** Days a vote keeps its address hash, network hash and user agent (VOTE_TRACE_RETENTION_DAYS). */
  voteTraceRetentionDays: z.number().int().positive(),
});
export type PrivacyFacts = z.infer<typeof privacyResponse>;
