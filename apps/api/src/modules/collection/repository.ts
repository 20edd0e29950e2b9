import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { CollectionKind, JerseySize } from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { collectionItems, productOffers, products, users } from '#db/schema/index.ts';
import { type PriceCrossing, crossingOf } from './price-crossing.ts';

/** A member's entry as stored. */
export interface CollectionRow {
  kind: CollectionKind;
  jerseyId: string;
  size: JerseySize | null;
  targetPriceCents: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The transaction a caller of `recordPriceCrossings` gets, to write its notifications in. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const entry = {
  kind: sql<CollectionKind>`${collectionItems.kind}`,
  jerseyId: collectionItems.jerseyId,
  size: sql<JerseySize | null>`${collectionItems.size}`,
  targetPriceCents: collectionItems.targetPriceCents,
  createdAt: collectionItems.createdAt,
  updatedAt: collectionItems.updatedAt,
};

/** The cheapest in-stock partner offer of any product that is the row's jersey (null: none). */
const bestOfferCents = sql<number | null>`(
  select min(o.price_cents) from ${productOffers} o join ${products} p on p.id = o.product_id
  where p.jersey_id = ${collectionItems.jerseyId} and o.in_stock)`;

export class CollectionRepository {
  constructor(private readonly db: Db) {}

  /** The member's entries, newest first. */
  entriesOf(userId: string): Promise<CollectionRow[]> {
    return this.db
      .select(entry)
      .from(collectionItems)
      .where(eq(collectionItems.userId, userId))
      .orderBy(desc(collectionItems.createdAt), desc(collectionItems.id));
  }

  /**
   * Adds the entry or changes it (one row per member, jersey and kind). A field left undefined keeps its value;
   * a new target price starts the crossing afresh, so the new price is judged on its own.
   */
  async upsert(
    userId: string,
    kind: CollectionKind,
    jerseyId: string,
    values: { size?: JerseySize | null | undefined; targetPriceCents?: number | null | undefined },
  ): Promise<CollectionRow> {
    const now = new Date();
    const set: PgUpdateSetSource<typeof collectionItems> = { updatedAt: now };
    if (values.size !== undefined) set.size = values.size;
    if (values.targetPriceCents !== undefined) {
      set.targetPriceCents = values.targetPriceCents;
      // Only a changed target resets the crossing: saving the same price must not alert twice.
      set.belowSince = sql`case when ${collectionItems.targetPriceCents} is not distinct from ${values.targetPriceCents}
        then ${collectionItems.belowSince} end`;
    }
    const [row] = await this.db
      .insert(collectionItems)
      .values({
        userId,
        jerseyId,
        kind,
        size: values.size ?? null,
        targetPriceCents: values.targetPriceCents ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({ target: [collectionItems.userId, collectionItems.jerseyId, collectionItems.kind], set })
      .returning(entry);
    return row!;
  }

  /** True when there was such an entry. */
  async remove(userId: string, kind: CollectionKind, jerseyId: string): Promise<boolean> {
    const rows = await this.db
      .delete(collectionItems)
      .where(
        and(eq(collectionItems.userId, userId), eq(collectionItems.kind, kind), eq(collectionItems.jerseyId, jerseyId)),
      )
      .returning({ id: collectionItems.id });
    return rows.length > 0;
  }

  async visibility(userId: string): Promise<{ public: boolean; shareId: string | null } | null> {
    const [row] = await this.db
      .select({ public: users.collectionPublic, shareId: users.collectionShareId })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  /**
   * Makes the collection public under `shareId`, or private (the link dies). Making it public again when it
   * already is keeps its link.
   */
  async setVisibility(userId: string, shareId: string | null): Promise<{ public: boolean; shareId: string | null }> {
    const [row] = await this.db
      .update(users)
      .set(
        shareId
          ? {
              collectionPublic: true,
              collectionShareId: sql`coalesce(${users.collectionShareId}, ${shareId})`,
            }
          : { collectionPublic: false, collectionShareId: null },
      )
      .where(eq(users.id, userId))
      .returning({ public: users.collectionPublic, shareId: users.collectionShareId });
    return row!;
  }

  /** The active member whose public collection has this link. */
  async ownerByShareId(shareId: string): Promise<{ id: string; name: string } | null> {
    const [row] = await this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.collectionShareId, shareId), eq(users.collectionPublic, true), eq(users.active, true)));
    return row ?? null;
  }

  /**
   * The price detector's one step (ADR 0042), in one transaction: reads every wanted entry with a target and
   * its best offer, locking the entries, so two processes running it at once record each crossing once (the
   * second waits and then reads the first's marks); marks the new crossings, clears those that went back above;
   * and hands the new ones to `record` (the notifications' writer) inside the same transaction, so a crossing
   * is either recorded and handed over or neither. Returns the new crossings.
   */
  async recordPriceCrossings(
    now: Date,
    record: (crossings: PriceCrossing[], tx: Tx) => Promise<void> = async () => {},
  ): Promise<PriceCrossing[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: collectionItems.id,
          userId: collectionItems.userId,
          jerseyId: collectionItems.jerseyId,
          targetPriceCents: collectionItems.targetPriceCents,
          belowSince: collectionItems.belowSince,
          bestOfferCents: bestOfferCents,
        })
        .from(collectionItems)
        .where(and(eq(collectionItems.kind, 'wanted'), isNotNull(collectionItems.targetPriceCents)))
        .for('update');
      const crossed: PriceCrossing[] = [];
      const cleared: string[] = [];
      for (const row of rows) {
        const best = row.bestOfferCents === null ? null : Number(row.bestOfferCents);
        const step = crossingOf({ targetCents: row.targetPriceCents, below: row.belowSince !== null }, best);
        if (step === 'cross')
          crossed.push({
            itemId: row.id,
            userId: row.userId,
            jerseyId: row.jerseyId,
            targetPriceCents: row.targetPriceCents!,
            offerPriceCents: best!,
          });
        else if (step === 'reset') cleared.push(row.id);
      }
      const ids = (list: string[]) =>
        sql`${collectionItems.id} in (${sql.join(
          list.map((id) => sql`${id}`),
          sql`, `,
        )})`;
      if (crossed.length > 0)
        await tx
          .update(collectionItems)
          .set({ belowSince: now })
          .where(ids(crossed.map((c) => c.itemId)));
      if (cleared.length > 0) await tx.update(collectionItems).set({ belowSince: null }).where(ids(cleared));
      await record(crossed, tx);
      return crossed;
    });
  }
}
