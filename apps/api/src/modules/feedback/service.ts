import { createHmac } from 'node:crypto';
import {
  FEEDBACK_PER_HOUR,
  type FeedbackStatus,
  type ManageFeedback,
  type ManageFeedbackList,
  type MyFeedback,
  type MyFeedbackList,
  canMoveFeedback,
  feedbackInput,
  feedbackPatch,
  manageFeedbackQuery,
} from '@manto/contracts';
import type { z } from 'zod';
import { AppError, notFound } from '#lib/app-error.ts';
import type { Counters } from '#lib/counters.ts';
import { clientPlace } from '#lib/network.ts';
import { type PageRequest, pageOf } from '#lib/paging.ts';
import type { FeedbackRepository, FeedbackRow } from './repository.ts';

const HOUR_MS = 3_600_000;
const USER_AGENT_MAX = 300;

/** Who is sending: a member (by id) or a visitor (by address). */
export interface FeedbackSender {
  userId: string | null;
  ip: string;
  userAgent: string | undefined;
}

const mine = (row: FeedbackRow): MyFeedback => ({
  id: row.id,
  type: row.type as MyFeedback['type'],
  title: row.title,
  message: row.message,
  status: row.status as FeedbackStatus,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const managed = (row: FeedbackRow): ManageFeedback => ({
  ...mine(row),
  priority: row.priority as ManageFeedback['priority'],
  email: row.email,
  user: row.userId ? { id: row.userId, name: row.userName ?? '' } : null,
  pagePath: row.pagePath,
  userAgent: row.userAgent,
  note: row.note,
});

/** Feedback: anyone sends it, the sender follows its status, moderators triage it (spec §3). */
export class FeedbackService {
  private readonly ipSalt: Buffer;

  constructor(
    private readonly repository: FeedbackRepository,
    private readonly counters: Counters,
    secret: string,
    private readonly now: () => number,
  ) {
    this.ipSalt = createHmac('sha256', secret).update('manto feedback ip v1').digest();
  }

  async send(input: z.output<typeof feedbackInput>, sender: FeedbackSender): Promise<MyFeedback> {
    await this.limit(sender);
    const at = new Date(this.now());
    const userAgent = sender.userAgent?.trim().slice(0, USER_AGENT_MAX) || null;
    const row = await this.repository.insert({
      type: input.type,
      title: input.title,
      message: input.message,
      // A member is answered at their account; the field is for visitors.
      email: sender.userId ? null : (input.email ?? null),
      userId: sender.userId,
      pagePath: input.pagePath ?? null,
      userAgent,
      createdAt: at,
      updatedAt: at,
    });
    return mine(row);
  }

  /**
   * At most FEEDBACK_PER_HOUR a clock hour per member, or per visitor's address (its keyed hash: the
   * counter keeps no IP). Shared by every process through the counters (Redis when configured).
   */
  private async limit(sender: FeedbackSender): Promise<void> {
    const now = this.now();
    const hour = Math.floor(now / HOUR_MS);
    const who = sender.userId
      ? `u:${sender.userId}`
      : `ip:${createHmac('sha256', this.ipSalt).update(clientPlace(sender.ip).address).digest('base64url')}`;
    const sent = await this.counters.hit(`feedback:${who}:${hour}`, HOUR_MS);
    if (sent > FEEDBACK_PER_HOUR) {
      const seconds = Math.ceil(((hour + 1) * HOUR_MS - now) / 1000);
      throw new AppError(429, 'FEEDBACK_RATE_LIMITED', {
        retryAfter: seconds,
        count: Math.ceil(seconds / 60),
        max: FEEDBACK_PER_HOUR,
      });
    }
  }

  async ofUser(userId: string, page: PageRequest): Promise<MyFeedbackList> {
    return pageOf(page, await this.repository.ofUser(userId, page), mine);
  }

  async list(q: z.output<typeof manageFeedbackQuery>): Promise<ManageFeedbackList> {
    return pageOf(q, await this.repository.list(q), managed);
  }

  /** One feedback as moderators see it; null when there is none. */
  async byId(id: string): Promise<ManageFeedback | null> {
    const row = await this.repository.byId(id);
    return row ? managed(row) : null;
  }

  async update(id: string, patch: z.output<typeof feedbackPatch>): Promise<ManageFeedback> {
    const current = await this.repository.byId(id);
    if (!current) throw notFound();
    const from = current.status as FeedbackStatus;
    if (patch.status !== undefined && !canMoveFeedback(from, patch.status))
      throw new AppError(409, 'FEEDBACK_TRANSITION', { from, to: patch.status });
    const changed = await this.repository.update(id, from, {
      ...(patch.status !== undefined && { status: patch.status }),
      ...(patch.priority !== undefined && { priority: patch.priority }),
      ...(patch.note !== undefined && { note: patch.note }),
      updatedAt: new Date(this.now()),
    });
    // Another moderator moved it between the read and the write: the move was judged on a stale status.
    if (!changed) throw new AppError(409, 'FEEDBACK_TRANSITION', { from, to: patch.status ?? from });
    return managed((await this.repository.byId(id))!);
  }
}
