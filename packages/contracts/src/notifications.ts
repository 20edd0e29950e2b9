import { z } from 'zod';
import { bilingualRef, jerseySummary, paged } from './catalogue.ts';
import { tournamentRef } from './rankings.ts';

// ———————————————————————————————————————————— follows ————————————————————————————————————————————

/** What a member can follow (docs/notifications.md §1). */
export const FOLLOW_KINDS = ['team', 'jersey', 'tournament'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

export const followParams = z.strictObject({ kind: z.enum(FOLLOW_KINDS), id: z.string().uuid() });
export type FollowParams = z.infer<typeof followParams>;

/** One thing a member follows, named for the list on their notifications page. */
export const follow = z.object({
  kind: z.enum(FOLLOW_KINDS),
  id: z.string(),
  since: z.string(),
  team: bilingualRef.nullable(),
  jersey: jerseySummary.nullable(),
  tournament: tournamentRef.nullable(),
});
export type Follow = z.infer<typeof follow>;
export const followsResponse = z.object({ items: z.array(follow) });
export type Follows = z.infer<typeof followsResponse>;

// ————————————————————————————————————————— notifications —————————————————————————————————————————

/** What a notification tells (docs/notifications.md §2). */
export const NOTIFICATION_KINDS = [
  'round_opened',
  'round_closed',
  'tournament_finished',
  'top3_entered',
  'top3_left',
  'rank_moved',
  'new_jersey',
  'price_alert',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The e-mail digest's topics, each opted in on its own. */
export const NOTIFICATION_TOPICS = ['tournaments', 'rankings', 'teams', 'prices'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const notification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  createdAt: z.string(),
  read: z.boolean(),
  /** The jersey it is about (a move, a top 3, a new jersey, a tournament's champion), if any. */
  jersey: jerseySummary.nullable(),
  tournament: tournamentRef.nullable(),
  /** A tournament's round; a ranking's place now and before. */
  round: z.number().int().nullable(),
  rank: z.number().int().nullable(),
  previousRank: z.number().int().nullable(),
  /** A wishlist alert: the member's target and the partner offer at or below it, in cents. */
  targetPriceCents: z.number().int().nullable(),
  offerPriceCents: z.number().int().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const notificationsResponse = paged(notification).extend({ unread: z.number().int() });
export type Notifications = z.infer<typeof notificationsResponse>;

/** Marks some (by id) or all of the member's notifications read. */
export const readNotificationsInput = z.union([
  z.strictObject({
    ids: z
      .array(z.string().regex(/^\d{1,18}$/))
      .min(1)
      .max(100),
  }),
  z.strictObject({ all: z.literal(true) }),
]);
export const readNotificationsResponse = z.object({ unread: z.number().int() });

export const notificationSettings = z.strictObject({
  /** Topics mailed as a daily digest; none unless the member chooses. */
  email: z.array(z.enum(NOTIFICATION_TOPICS)).max(NOTIFICATION_TOPICS.length),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** What an unsubscribe link stops: one topic's e-mail, or all of them (the mail client's one-click button). */
export const UNSUBSCRIBE_TOPICS = [...NOTIFICATION_TOPICS, 'all'] as const;

/** An unsubscribe link's parts (RFC 8058): whose, which topic, and the server's signature. */
export const unsubscribeQuery = z.strictObject({
  u: z.string().uuid(),
  t: z.enum(UNSUBSCRIBE_TOPICS),
  s: z.string().min(1).max(64),
});
export const unsubscribeResponse = z.object({ topic: z.enum(UNSUBSCRIBE_TOPICS) });
