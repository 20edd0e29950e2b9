import { randomBytes } from 'node:crypto';
import type {
  CollectionEntry,
  CollectionEntryInput,
  CollectionKind,
  CollectionVisibility,
  MyCollection,
  PublicCollection,
} from '@manto/contracts';
import { AppError, fieldError, notFound } from '#lib/app-error.ts';
import { type CatalogueCache, summary } from '#modules/jerseys/index.ts';
import type { RankingService } from '#modules/rankings/index.ts';
import type { PriceCrossing } from './price-crossing.ts';
import type { CollectionRepository, CollectionRow, Tx } from './repository.ts';

/** A public link's id: 128 random bits, so nobody finds a collection by trying links. */
const newShareId = () => randomBytes(16).toString('base64url');

/** "Minha coleção": a member's owned and wanted jerseys, their public link, and the price detector (ADR 0042). */
export class CollectionService {
  constructor(
    private readonly repository: CollectionRepository,
    private readonly catalogue: CatalogueCache,
    private readonly rankings: Pick<RankingService, 'globalStandings'>,
    private readonly shopEnabled: boolean,
    private readonly now: () => number,
  ) {}

  async mine(userId: string): Promise<MyCollection> {
    const [rows, visibility] = await Promise.all([
      this.repository.entriesOf(userId),
      this.repository.visibility(userId),
    ]);
    if (!visibility) throw notFound();
    const entries = await this.entries(rows);
    return {
      public: visibility.public,
      shareId: visibility.shareId,
      owned: entries.filter((e) => e.kind === 'owned'),
      wanted: entries.filter((e) => e.kind === 'wanted'),
    };
  }

  /**
   * Marks the jersey as owned or wanted, or changes the entry's size or target price. Only a jersey the
   * catalogue shows (active) can be added; an entry whose jersey left the catalogue can still be changed.
   */
  async put(
    userId: string,
    kind: CollectionKind,
    jerseyId: string,
    input: CollectionEntryInput,
  ): Promise<CollectionEntry> {
    if (kind === 'owned' && input.targetPriceCents != null)
      throw fieldError('targetPriceCents', 'targetPriceWantedOnly');
    // The cached copy, not a reload per unknown id: a made-up id must not make the process reread the catalogue.
    const jersey = (await this.catalogue.jerseys()).get(jerseyId);
    const listed = async () =>
      (await this.repository.entriesOf(userId)).some((r) => r.kind === kind && r.jerseyId === jerseyId);
    if (!jersey || (!jersey.active && !(await listed()))) throw new AppError(404, 'JERSEY_NOT_FOUND');
    const row = await this.repository.upsert(userId, kind, jerseyId, input);
    const [entry] = await this.entries([row]);
    return entry!;
  }

  /** Takes the jersey off the list; nothing to take off is not an error (a second click, another tab). */
  async remove(userId: string, kind: CollectionKind, jerseyId: string): Promise<void> {
    await this.repository.remove(userId, kind, jerseyId);
  }

  /** Public: a new random link (unless it already is public); private: the link stops working at once. */
  async setPublic(userId: string, makePublic: boolean): Promise<CollectionVisibility> {
    return this.repository.setVisibility(userId, makePublic ? newShareId() : null);
  }

  /**
   * A collection as anyone with its link sees it: the owner's name and their jerseys in the catalogue, with
   * ranks; never sizes or prices. 404 whether the link never existed, was turned off or its owner is gone.
   */
  async publicView(shareId: string): Promise<PublicCollection> {
    const owner = await this.repository.ownerByShareId(shareId);
    if (!owner) throw notFound();
    const entries = (await this.entries(await this.repository.entriesOf(owner.id))).filter((e) => e.jersey.active);
    const pick = (kind: CollectionKind) =>
      entries.filter((e) => e.kind === kind).map(({ jersey, standing }) => ({ jersey, standing }));
    return { name: owner.name, owned: pick('owned'), wanted: pick('wanted') };
  }

  /**
   * The price detector's step, for the notification job to call (ADR 0042): records the new crossings and
   * hands them to `record` in the same transaction. With the shop off there are no offers to judge, and the
   * marks stay as they are.
   */
  async recordPriceCrossings(record?: (crossings: PriceCrossing[], tx: Tx) => Promise<void>): Promise<PriceCrossing[]> {
    if (!this.shopEnabled) return [];
    return this.repository.recordPriceCrossings(new Date(this.now()), record);
  }

  private async entries(rows: CollectionRow[]): Promise<CollectionEntry[]> {
    const [catalogue, standings] = await Promise.all([
      this.catalogue.jerseys(),
      this.rankings.globalStandings(rows.map((r) => r.jerseyId)),
    ]);
    return rows.flatMap((r) => {
      const jersey = catalogue.get(r.jerseyId);
      if (!jersey) return [];
      return [
        {
          kind: r.kind,
          jersey: summary(jersey),
          size: r.size,
          targetPriceCents: r.targetPriceCents,
          addedAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
          standing: standings.get(r.jerseyId) ?? null,
        },
      ];
    });
  }
}
