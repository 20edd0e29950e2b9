import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { liveRatings, products, tournaments } from '#db/schema/index.ts';
import { GLOBAL } from '#lib/scopes.ts';

export interface TournamentRecord {
  slug: string;
  name: string;
  nameEn: string;
  startsAt: Date;
}

export interface ProductRecord {
  slug: string;
  name: string;
  nameEn: string;
  team: string | null;
  season: string | null;
  reviews: number;
}

/** What the search reads beside the catalogue cache: popularity, tournaments and products. */
export class SearchRepository {
  constructor(private readonly db: Db) {}

  /** Each jersey's counted duels in the global scope: its popularity. */
  async jerseyGames(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ id: liveRatings.jerseyId, games: liveRatings.games })
      .from(liveRatings)
      .where(eq(liveRatings.scope, GLOBAL));
    return new Map(rows.map((r) => [r.id, r.games]));
  }

  tournaments(): Promise<TournamentRecord[]> {
    return this.db
      .select({
        slug: tournaments.slug,
        name: tournaments.namePt,
        nameEn: tournaments.nameEn,
        startsAt: tournaments.startsAt,
      })
      .from(tournaments);
  }

  products(): Promise<ProductRecord[]> {
    return this.db
      .select({
        slug: products.slug,
        name: products.namePt,
        nameEn: products.nameEn,
        team: products.team,
        season: products.season,
        reviews: products.reviewsCount,
      })
      .from(products);
  }
}
