import type { CollectionEntry, JerseySummary, MyCollection } from '@manto/contracts';

/** A jersey as a member's lists carry it. */
export function testJersey(id: string, team = 'Aurora'): JerseySummary {
  return {
    id,
    slug: `2024-titular-${id}`,
    team: { slug: team.toLowerCase(), name: team, nameEn: null, article: 'a' },
    model: { slug: 'titular', name: 'Titular', nameEn: null },
    supplier: { slug: 'marca', name: 'Marca' },
    season: 2024,
    modelYear: '2024',
    mainColor: '#C8102E',
    image: null,
    active: true,
  };
}

/** An entry of a member's list; ranked 3rd of 40 unless `standing` says otherwise. */
export function testEntry(
  kind: CollectionEntry['kind'],
  id: string,
  over: Partial<CollectionEntry> = {},
): CollectionEntry {
  return {
    kind,
    jersey: testJersey(id),
    size: null,
    targetPriceCents: null,
    addedAt: '2026-11-28T10:00:00.000Z',
    updatedAt: '2026-11-28T10:00:00.000Z',
    standing: { rank: 3, of: 40, score: 1100, provisional: false },
    ...over,
  };
}

export const emptyCollection = (over: Partial<MyCollection> = {}): MyCollection => ({
  public: false,
  shareId: null,
  owned: [],
  wanted: [],
  ...over,
});
