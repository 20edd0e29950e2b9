import { type SQL, and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { FeedbackSort } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { feedbacks, users } from '#db/schema/index.ts';
import { type PageRequest, type RowsPage, selectPage, sortOrder } from '#lib/paging.ts';
import { containsFolded } from '#lib/search.ts';

export type FeedbackRow = typeof feedbacks.$inferSelect & { userName: string | null };
export type NewFeedback = Pick<
  typeof feedbacks.$inferInsert,
  'type' | 'title' | 'message' | 'email' | 'userId' | 'pagePath' | 'userAgent' | 'createdAt' | 'updatedAt'
>;
export type FeedbackChanges = Partial<Pick<typeof feedbacks.$inferInsert, 'status' | 'priority' | 'note'>> & {
  updatedAt: Date;
};

export interface FeedbackFilters extends PageRequest {
  search?: string | undefined;
  type?: string | undefined;
  status?: string | undefined;
  priority?: string | undefined;
  sort?: FeedbackSort | undefined;
}

// high > medium > low, as a number the database can order by.
const priorityRank = sql<number>`case ${feedbacks.priority} when 'high' then 3 when 'medium' then 2 else 1 end`;

const SORTS: Record<FeedbackSort, SQL[]> = {
  '-date': [desc(feedbacks.createdAt)],
  date: [asc(feedbacks.createdAt)],
  '-priority': [desc(priorityRank), desc(feedbacks.createdAt)],
  priority: [asc(priorityRank), desc(feedbacks.createdAt)],
};

export class FeedbackRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .select({
        id: feedbacks.id,
        type: feedbacks.type,
        title: feedbacks.title,
        message: feedbacks.message,
        email: feedbacks.email,
        userId: feedbacks.userId,
        pagePath: feedbacks.pagePath,
        userAgent: feedbacks.userAgent,
        status: feedbacks.status,
        priority: feedbacks.priority,
        note: feedbacks.note,
        createdAt: feedbacks.createdAt,
        updatedAt: feedbacks.updatedAt,
        userName: users.name,
      })
      .from(feedbacks)
      .leftJoin(users, eq(users.id, feedbacks.userId))
      .$dynamic();
  }

  async insert(values: NewFeedback): Promise<FeedbackRow> {
    const [row] = await this.db.insert(feedbacks).values(values).returning({ id: feedbacks.id });
    return (await this.byId(row!.id))!;
  }

  async byId(id: string): Promise<FeedbackRow | null> {
    const [row] = await this.select().where(eq(feedbacks.id, id));
    return row ?? null;
  }

  /** One member's feedback, newest first. */
  async ofUser(userId: string, page: PageRequest): Promise<RowsPage<FeedbackRow>> {
    const where = eq(feedbacks.userId, userId);
    return selectPage(
      this.select().where(where).orderBy(desc(feedbacks.createdAt), asc(feedbacks.id)),
      this.db.select({ n: count() }).from(feedbacks).where(where),
      page,
    );
  }

  async list(q: FeedbackFilters): Promise<RowsPage<FeedbackRow>> {
    const where = and(
      q.type ? eq(feedbacks.type, q.type) : undefined,
      q.status ? eq(feedbacks.status, q.status) : undefined,
      q.priority ? eq(feedbacks.priority, q.priority) : undefined,
      q.search ? or(containsFolded(feedbacks.title, q.search), containsFolded(feedbacks.message, q.search)) : undefined,
    );
    return selectPage(
      this.select()
        .where(where)
        .orderBy(...sortOrder(SORTS, q.sort, '-date', feedbacks.id)),
      this.db.select({ n: count() }).from(feedbacks).where(where),
      q,
    );
  }

  /**
   * Applies the changes only if the feedback still has the status the caller checked the move
   * against; false when it moved meanwhile (or is gone).
   */
  async update(id: string, expectedStatus: string, changes: FeedbackChanges): Promise<boolean> {
    const rows = await this.db
      .update(feedbacks)
      .set(changes)
      .where(and(eq(feedbacks.id, id), eq(feedbacks.status, expectedStatus)))
      .returning({ id: feedbacks.id });
    return rows.length > 0;
  }
}
