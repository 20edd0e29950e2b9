import type { APIRequestContext } from '@playwright/test';
import type { ProductInput } from '@manto/contracts';
import { adminToken, uploadShirtImage } from './catalogue.ts';
import { expect } from './fixtures.ts';

/** A valid product body (a jersey in P, M, G) with `patch` over it. */
export const productBody = (name: string, patch: Partial<ProductInput> = {}): ProductInput => ({
  category: 'jerseys',
  namePt: name,
  nameEn: name,
  descriptionPt: 'Camisa de torcedor, tecido leve e escudo bordado.',
  descriptionEn: 'Fan jersey, light fabric and an embroidered crest.',
  team: 'Aurora',
  season: '2024/25',
  colours: ['Verde', 'Branco'],
  sizes: ['P', 'M', 'G'],
  priceCents: 34990,
  discountPercent: 0,
  lowStockThreshold: 5,
  stock: { P: 10, M: 10, G: 10 },
  offers: [
    { storeName: 'Loja Um', url: 'https://loja-um.example/aurora', priceCents: 32990, shippingNote: 'Frete grátis' },
  ],
  ...patch,
});

/** Creates a product through the API as the seeded Admin; `image` uploads a shirt picture in that colour first. */
export async function seedProduct(
  request: APIRequestContext,
  body: ProductInput,
  { image }: { image?: string } = {},
): Promise<void> {
  const imageIds = image ? [await uploadShirtImage(request, image)] : [];
  const token = await adminToken(request);
  const res = await request.post('/api/manage/products', {
    data: { ...body, imageIds },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}
