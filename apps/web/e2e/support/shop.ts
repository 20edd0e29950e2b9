/**
 * Shop products for the shop journeys, made through the real management API as the seeded admin. Every
 * name carries one made-up word (`tag`), so a journey searching for it sees its own products only,
 * whatever other journeys or the demo data add.
 */
import { discountedCents } from '@manto/contracts';
import type { APIRequestContext } from '@playwright/test';
import { adminToken, uploadShirtImage } from './catalogue.ts';

export interface SeededProduct {
  slug: string;
  name: string;
  category: 'jerseys' | 'balls' | 'accessories';
  finalPriceCents: number;
}

/** Lowercase letters only: the full-text search stems words, and a made-up word stems to itself. */
export function shopTag(): string {
  return Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

const offer = (store: string, priceCents: number, inStock = true) => ({
  storeName: store,
  url: `https://${store.toLowerCase().replace(/\W+/g, '-')}.example.com/produto`,
  priceCents,
  shippingNote: 'Frete grátis acima de R$ 299',
  inStock,
});

/** Three jerseys, a ball and an accessory; the jerseys' offers are posted out of price order. */
export async function seedProducts(request: APIRequestContext, tag: string): Promise<SeededProduct[]> {
  const token = await adminToken(request);
  const image = await uploadShirtImage(request, '#1F4FA3');
  const other = await uploadShirtImage(request, '#B3261E');
  const specs = [
    { category: 'jerseys', name: `Camisa Aurora Titular ${tag}`, priceCents: 34_990, discountPercent: 10 },
    { category: 'jerseys', name: `Camisa Aurora Reserva ${tag}`, priceCents: 29_990, discountPercent: 0 },
    {
      category: 'jerseys',
      name: `Camisa Brasa Goleiro edição especial de colecionador ${tag}`,
      priceCents: 45_900,
      discountPercent: 25,
    },
    { category: 'balls', name: `Bola Oficial ${tag}`, priceCents: 19_990, discountPercent: 0 },
    { category: 'accessories', name: `Cachecol Aurora ${tag}`, priceCents: 8_990, discountPercent: 0 },
  ] as const;
  const made: SeededProduct[] = [];
  for (const [i, spec] of specs.entries()) {
    const jersey = spec.category === 'jerseys';
    const res = await request.post('/api/manage/products', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        category: spec.category,
        namePt: spec.name,
        nameEn: spec.name,
        descriptionPt: `Produto de teste ${tag}, com descrição longa o bastante.`,
        descriptionEn: `Test product ${tag}, with a long enough description.`,
        team: jersey ? (spec.name.includes('Brasa') ? 'Brasa EC' : 'Aurora FC') : undefined,
        season: jersey ? '2025/26' : undefined,
        imageIds: i === 0 ? [image, other] : [image],
        colours: ['Azul', 'Branco'],
        sizes: ['P', 'M', 'G'],
        stock: { P: 3, M: 0, G: 10 },
        priceCents: spec.priceCents,
        discountPercent: spec.discountPercent,
        rating: 4.5,
        reviewsCount: 10 + i,
        featured: i === 0,
        offers: [
          offer('Loja Centro', spec.priceCents + 1_000),
          offer('Loja Barata', spec.priceCents - 2_000),
          offer('Loja Norte', spec.priceCents + 500, false),
        ],
      },
    });
    if (res.status() !== 201) throw new Error(`POST /api/manage/products failed: ${res.status()} ${await res.text()}`);
    const body = (await res.json()) as { slug: string };
    made.push({
      slug: body.slug,
      name: spec.name,
      category: spec.category,
      finalPriceCents: discountedCents(spec.priceCents, spec.discountPercent),
    });
  }
  return made;
}
