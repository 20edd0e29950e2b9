import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CURRENCY,
  type Follow,
  type FollowKind,
  type Language,
  NOTIFICATION_TOPICS,
  type Notification,
  type NotificationKind,
  type NotificationSettings,
  type NotificationTopic,
  type Notifications,
} from '@manto/contracts';
import { AppError, notFound } from '#lib/app-error.ts';
import { pageOffset } from '#lib/search.ts';
import { type CatalogueCache, bilingual, summary } from '#modules/jerseys/index.ts';
import type { TournamentService } from '#modules/tournaments/index.ts';
import { type DigestLine, digestMail } from './digest-mail.ts';
import type { NotificationRepository, NotificationRow } from './repository.ts';

/** Where a notification or an unsubscribe link leads: pages of the web app at the site's public address. */
export interface Site {
  origin: string;
  /** The key unsubscribe links are signed with (derived from the server secret with its own label). */
  secret: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const numberOrNull = (x: unknown) => (typeof x === 'number' ? x : null);

/**
 * Follows and what they tell (docs/notifications.md): a member's follows, notifications and e-mail choices,
 * the daily digest's mail, and the signed unsubscribe links that work without signing in.
 */
export class NotificationService {
  private readonly unsubscribeKey: Buffer;

  constructor(
    private readonly repository: NotificationRepository,
    private readonly catalogue: CatalogueCache,
    private readonly tournaments: Pick<TournamentService, 'scopeById'>,
    private readonly site: Site,
  ) {
    this.unsubscribeKey = createHmac('sha256', site.secret).update('manto unsubscribe v1').digest();
  }

  // ——— follows ———

  /** Follows a team, an active jersey or a tournament by id; an unknown one is 404. Following twice is one follow. */
  async follow(userId: string, kind: FollowKind, id: string): Promise<void> {
    if (!(await this.exists(kind, id))) throw notFound();
    await this.repository.follow(userId, kind, id);
  }

  unfollow(userId: string, kind: FollowKind, id: string): Promise<void> {
    return this.repository.unfollow(userId, kind, id);
  }

  private async exists(kind: FollowKind, id: string): Promise<boolean> {
    if (kind === 'team') return (await this.catalogue.teamById(id)) !== null;
    if (kind === 'jersey') return (await this.catalogue.jerseys()).get(id)?.active === true;
    return (await this.tournaments.scopeById(id)) !== null;
  }

  /** The member's follows, newest first, each named; one whose team, jersey or tournament is gone is left out. */
  async follows(userId: string): Promise<Follow[]> {
    const [rows, jerseys] = await Promise.all([this.repository.followsOf(userId), this.catalogue.jerseys()]);
    const named = await Promise.all(
      rows.map(async (row): Promise<Follow | null> => {
        const base = { kind: row.kind as FollowKind, id: row.targetId, since: iso(row.createdAt) };
        if (row.kind === 'team') {
          const team = await this.catalogue.teamById(row.targetId);
          return team && { ...base, team: bilingual(team), jersey: null, tournament: null };
        }
        if (row.kind === 'jersey') {
          const jersey = jerseys.get(row.targetId);
          return jersey ? { ...base, team: null, jersey: summary(jersey), tournament: null } : null;
        }
        const t = await this.tournaments.scopeById(row.targetId);
        return (
          t && { ...base, team: null, jersey: null, tournament: { slug: t.slug, namePt: t.namePt, nameEn: t.nameEn } }
        );
      }),
    );
    return named.filter((f): f is Follow => f !== null);
  }

  // ——— notifications ———

  async list(userId: string, q: { page: number; pageSize: number }): Promise<Notifications> {
    const [rows, counts] = await Promise.all([
      this.repository.list(userId, { limit: q.pageSize, offset: pageOffset(q.page, q.pageSize) }),
      this.repository.counts(userId),
    ]);
    return {
      items: await this.named(rows),
      total: counts.total,
      unread: counts.unread,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** Rows as the API shows them, their jersey and tournament named now. */
  private async named(rows: NotificationRow[]): Promise<Notification[]> {
    const jerseys = await this.catalogue.jerseys();
    return Promise.all(
      rows.map(async (row) => {
        const { jerseyId, tournamentId } = row.data;
        const jersey = typeof jerseyId === 'string' ? jerseys.get(jerseyId) : undefined;
        const t = typeof tournamentId === 'string' ? await this.tournaments.scopeById(tournamentId) : null;
        return {
          id: String(row.id),
          kind: row.kind as NotificationKind,
          createdAt: iso(row.createdAt),
          read: row.readAt !== null,
          jersey: jersey ? summary(jersey) : null,
          tournament: t && { slug: t.slug, namePt: t.namePt, nameEn: t.nameEn },
          round: numberOrNull(row.data.round),
          rank: numberOrNull(row.data.rank),
          previousRank: numberOrNull(row.data.previousRank),
          targetPriceCents: numberOrNull(row.data.targetPriceCents),
          offerPriceCents: numberOrNull(row.data.offerPriceCents),
        };
      }),
    );
  }

  async markRead(userId: string, input: { ids: string[] } | { all: true }, now: Date): Promise<number> {
    await this.repository.markRead(userId, 'all' in input ? 'all' : input.ids.map(Number), now);
    return (await this.repository.counts(userId)).unread;
  }

  // ——— settings and unsubscribing ———

  async settings(userId: string): Promise<NotificationSettings> {
    const topics = await this.repository.emailTopics(userId);
    return { email: NOTIFICATION_TOPICS.filter((t) => topics.includes(t)) };
  }

  async setSettings(userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
    await this.repository.setEmailTopics(userId, [...new Set(settings.email)]);
    return this.settings(userId);
  }

  /** The signature of an unsubscribe link: whose and which topic, under the server's key. */
  private signature(userId: string, topic: string): string {
    return createHmac('sha256', this.unsubscribeKey).update(`${userId}\n${topic}`).digest('base64url').slice(0, 32);
  }

  /** Stops a topic's e-mail (or all) for the member a signed link names, without signing in. */
  async unsubscribe(userId: string, topic: NotificationTopic | 'all', signature: string): Promise<void> {
    const expected = Buffer.from(this.signature(userId, topic));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError(400, 'UNSUBSCRIBE_LINK_INVALID');
    if (!(await this.repository.dropEmailTopic(userId, topic))) throw notFound();
  }

  private unsubscribeQuery(userId: string, topic: NotificationTopic | 'all'): string {
    return new URLSearchParams({ u: userId, t: topic, s: this.signature(userId, topic) }).toString();
  }

  /**
   * The digest of the notifications in `rows`, in the member's language: a line each, a link to the page, one
   * link per mailed topic to a page that stops it, and the one-click address (RFC 8058) that stops them all.
   */
  async digest(
    member: { userId: string; email: string; name: string; language: string },
    topics: NotificationTopic[],
    rows: NotificationRow[],
  ) {
    const language: Language = member.language === 'en' ? 'en' : 'pt';
    const lines = (await this.named(rows)).map((n) => digestLine(n, language, this.site.origin));
    const page = (topic: NotificationTopic | 'all') =>
      `${this.site.origin}/app/notificacoes/cancelar?${this.unsubscribeQuery(member.userId, topic)}`;
    return digestMail(language, member.email, member.name, lines, {
      all: `${this.site.origin}/app/notificacoes`,
      oneClick: `${this.site.origin}/api/notifications/unsubscribe?${this.unsubscribeQuery(member.userId, 'all')}`,
      stop: topics.map((topic) => ({ topic, page: page(topic) })),
    });
  }
}

/** One notification as a digest line and the page it leads to. */
function digestLine(n: Notification, language: Language, origin: string): DigestLine {
  const pt = language === 'pt';
  const jersey = n.jersey
    ? `${pt ? n.jersey.team.name : (n.jersey.team.nameEn ?? n.jersey.team.name)} ${n.jersey.modelYear}`
    : '';
  const tournament = n.tournament ? (pt ? n.tournament.namePt : n.tournament.nameEn) : '';
  const jerseyLink = n.jersey ? `${origin}/app/camisas/time/${n.jersey.team.slug}/${n.jersey.slug}` : `${origin}/app/`;
  const tournamentLink = n.tournament ? `${origin}/app/torneios/${n.tournament.slug}` : `${origin}/app/torneios`;
  switch (n.kind) {
    case 'round_opened':
      return {
        text: pt ? `${tournament}: a rodada ${n.round} começou` : `${tournament}: round ${n.round} is open`,
        link: tournamentLink,
      };
    case 'round_closed':
      return {
        text: pt ? `${tournament}: a rodada ${n.round} terminou` : `${tournament}: round ${n.round} has closed`,
        link: tournamentLink,
      };
    case 'tournament_finished':
      return {
        text: pt
          ? `${tournament} terminou${jersey ? `: ${jersey} é a campeã` : ''}`
          : `${tournament} is over${jersey ? `: ${jersey} is the champion` : ''}`,
        link: tournamentLink,
      };
    case 'top3_entered':
      return {
        text: pt ? `${jersey} entrou no top 3 do time (${n.rank}º)` : `${jersey} entered its team's top 3 (#${n.rank})`,
        link: jerseyLink,
      };
    case 'top3_left':
      return {
        text: pt ? `${jersey} saiu do top 3 do time (${n.rank}º)` : `${jersey} left its team's top 3 (#${n.rank})`,
        link: jerseyLink,
      };
    case 'rank_moved':
      return {
        text: pt
          ? `${jersey} foi de ${n.previousRank}º para ${n.rank}º no ranking global`
          : `${jersey} went from #${n.previousRank} to #${n.rank} in the global ranking`,
        link: jerseyLink,
      };
    case 'new_jersey':
      return { text: pt ? `Nova camisa: ${jersey}` : `New jersey: ${jersey}`, link: jerseyLink };
    case 'price_alert': {
      const money = (cents: number | null) =>
        new Intl.NumberFormat(pt ? 'pt-BR' : 'en-GB', { style: 'currency', currency: CURRENCY }).format(
          (cents ?? 0) / 100,
        );
      return {
        text: pt
          ? `${jersey} por ${money(n.offerPriceCents)} numa loja parceira (seu alerta: ${money(n.targetPriceCents)})`
          : `${jersey} for ${money(n.offerPriceCents)} at a partner store (your alert: ${money(n.targetPriceCents)})`,
        link: jerseyLink,
      };
    }
  }
}
