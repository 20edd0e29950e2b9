import sharp from 'sharp';
import type { Logger } from 'pino';
import { PT_OF, type ProductInput, discountedCents, productInput } from '@manto/contracts';
import { Rng } from '#lib/rng.ts';
import type { ImageService } from '#modules/images/index.ts';
import type { CatalogueJersey } from '#modules/jerseys/index.ts';
import type { ShopService } from '#modules/shop/index.ts';
import { DEMO_IMAGE } from './jersey-art.ts';

/** Fictional partner stores; their links go to the reserved `.example` domain. */
const STORES = [
  { name: 'Arena Esportes', host: 'arena-esportes.example', shipping: 'Frete grátis acima de R$ 199' },
  { name: 'Casa do Torcedor', host: 'casadotorcedor.example', shipping: 'Entrega em até 5 dias úteis' },
  { name: 'Gol de Placa Store', host: 'goldeplaca.example', shipping: '' },
  { name: 'Manto Sagrado Shop', host: 'mantosagrado.example', shipping: 'Retire na loja' },
];

/** Colour names for a kit's hex colour: the nearest of a few. */
const COLOURS: [string, number, number, number][] = [
  ['Branco', 255, 255, 255],
  ['Preto', 17, 17, 17],
  ['Vermelho', 200, 16, 46],
  ['Grená', 122, 20, 40],
  ['Azul', 20, 60, 170],
  ['Azul-celeste', 110, 180, 230],
  ['Verde', 0, 120, 60],
  ['Amarelo', 250, 210, 0],
  ['Laranja', 240, 120, 20],
  ['Roxo', 100, 40, 140],
  ['Cinza', 120, 120, 120],
  ['Dourado', 200, 160, 40],
];

function colourName(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let best = COLOURS[0]!;
  let distance = Infinity;
  for (const c of COLOURS) {
    const d = (c[1] - r!) ** 2 + (c[2] - g!) ** 2 + (c[3] - b!) ** 2;
    if (d < distance) [best, distance] = [c, d];
  }
  return best[0];
}

const BALLS = [
  { pt: 'Bola de campo Pro', en: 'Pro match ball', colour: '#F97316' },
  { pt: 'Bola de campo Treino', en: 'Training ball', colour: '#0EA5E9' },
  { pt: 'Bola de futsal', en: 'Futsal ball', colour: '#EAB308' },
  { pt: 'Bola society', en: 'Five-a-side ball', colour: '#16A34A' },
  { pt: 'Bola de praia', en: 'Beach football', colour: '#EC4899' },
  { pt: 'Minibola de habilidade', en: 'Skills mini ball', colour: '#7C3AED' },
];
const BALL_BRANDS = ['Adidas', 'Nike', 'Puma', 'Penalty', 'Umbro', 'Topper'];

const ACCESSORIES = [
  { pt: 'Cachecol', en: 'Scarf', sizes: ['U'], maxPrice: 90 },
  { pt: 'Boné', en: 'Cap', sizes: ['P', 'M', 'G'], maxPrice: 130 },
  { pt: 'Meião', en: 'Socks', sizes: ['34-38', '39-43'], maxPrice: 100 },
  { pt: 'Caneca', en: 'Mug', sizes: ['U'], maxPrice: 70 },
  { pt: 'Chaveiro', en: 'Keyring', sizes: ['U'], maxPrice: 40 },
  { pt: 'Bandeira', en: 'Flag', sizes: ['U'], maxPrice: 110 },
];

const ballSvg = (
  colour: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">
  <rect width="640" height="640" fill="#F3F4F6"/>
  <circle cx="320" cy="320" r="230" fill="#FFFFFF" stroke="#111111" stroke-width="10"/>
  <polygon points="320,230 405,292 373,392 267,392 235,292" fill="${colour}" stroke="#111111" stroke-width="8"/>
  ${[0, 72, 144, 216, 288]
    .map(
      (a) =>
        `<polygon transform="rotate(${a} 320 320)" points="320,95 370,130 355,180 285,180 270,130" fill="${colour}" stroke="#111111" stroke-width="8"/>`,
    )
    .join('')}
</svg>`;

const bandSvg = (
  primary: string,
  secondary: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">
  <rect width="640" height="640" fill="#F3F4F6"/>
  <g transform="rotate(-20 320 320)">
    ${[0, 1, 2, 3, 4, 5, 6]
      .map((i) => `<rect x="${60 + i * 74}" y="250" width="74" height="140" fill="${i % 2 ? secondary : primary}"/>`)
      .join('')}
    <rect x="60" y="250" width="518" height="140" fill="none" stroke="#111111" stroke-width="6"/>
  </g>
</svg>`;

/** A price between `min` and `max` reais in steps of R$ 10, ending in ,90 as shops write them; in cents. */
const price = (rng: Rng, min: number, max: number) =>
  (min + Math.floor(rng.next() * ((max - min) / 10 + 1)) * 10) * 100 - 10;
const chance = (rng: Rng, p: number) => rng.next() < p;
const oneOf = <T>(rng: Rng, list: readonly T[]) => list[Math.floor(rng.next() * list.length)]!;
function shuffled<T>(rng: Rng, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const k = Math.floor(rng.next() * (i + 1));
    [out[i], out[k]] = [out[k]!, out[i]!];
  }
  return out;
}

/** Units per size: most products plenty, some low (within the threshold of 5), some out. */
function stockFor(rng: Rng, sizes: string[]): Record<string, number> {
  const roll = rng.next();
  if (roll < 0.12) return Object.fromEntries(sizes.map((s) => [s, 0]));
  if (roll < 0.3) {
    const one = oneOf(rng, sizes);
    return Object.fromEntries(sizes.map((s) => [s, s === one ? 1 + Math.floor(rng.next() * 4) : 0]));
  }
  return Object.fromEntries(sizes.map((s) => [s, Math.floor(rng.next() * 40)]));
}

/** Two to four partner offers around the final price, the odd one sold out. */
function offersFor(rng: Rng, slugHint: string, finalCents: number): ProductInput['offers'] {
  const stores = shuffled(rng, STORES).slice(0, 2 + Math.floor(rng.next() * 3));
  return stores.map((store) => ({
    storeName: store.name,
    url: `https://www.${store.host}/produto/${slugHint}`,
    // Integer cents: up to 15% either way, ending in 90.
    priceCents: Math.max(990, Math.round((finalCents * (85 + Math.floor(rng.next() * 31))) / 10_000) * 100 - 10),
    shippingNote: store.shipping,
    inStock: !chance(rng, 0.15),
  }));
}

/** The partners' view of a product: rating, reviews, sale, novelty. */
function marketFor(rng: Rng) {
  return {
    discountPercent: chance(rng, 0.35) ? oneOf(rng, [10, 15, 20, 25, 30, 40]) : 0,
    rating: (30 + Math.floor(rng.next() * 21)) / 10,
    reviewsCount: Math.floor(rng.next() ** 2 * 1500),
    isNew: chance(rng, 0.2) ? true : chance(rng, 0.85) ? false : null,
  };
}

const slugHint = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * About 60 shop products for the demo: jerseys that are catalogue jerseys (with their pictures), balls
 * and accessories, each with 2–4 offers from fictional partners. Drawn from a fixed seed, so every demo
 * has the same shop. Skipped when the shop already has products.
 */
export async function seedDemoShop(
  shop: ShopService,
  images: ImageService,
  jerseys: readonly CatalogueJersey[],
  log: Logger,
): Promise<void> {
  if ((await shop.count()) > 0) return;
  const started = Date.now();
  const rng = new Rng(2014);
  const drafts: ProductInput[] = [];
  const render = async (svg: string) =>
    (await images.store(await sharp(Buffer.from(svg)).png().toBuffer(), DEMO_IMAGE)).id;

  // Jerseys: the newest home and away kits of a spread of teams, and a few specials.
  const newest = Math.max(...jerseys.map((j) => j.season));
  const candidates = jerseys.filter((j) => j.season === newest && j.image).sort((a, b) => a.id.localeCompare(b.id));
  const chosen = shuffled(rng, candidates).slice(0, 36);
  chosen.sort((a, b) => `${a.team.name}${a.model.name}`.localeCompare(`${b.team.name}${b.model.name}`));
  for (const [i, j] of chosen.entries()) {
    const modelEn = (j.model.nameEn ?? j.model.name).toLowerCase();
    const teamEn = j.team.nameEn ?? j.team.name;
    const listPrice = price(rng, 250, 400);
    const market = marketFor(rng);
    const sizes = ['P', 'M', 'G', 'GG'];
    drafts.push({
      category: 'jerseys',
      namePt: `Camisa ${j.model.name.toLowerCase()} ${j.team.name} ${j.modelYear}`,
      nameEn: `${teamEn} ${j.modelYear} ${modelEn} shirt`,
      descriptionPt: `Camisa ${j.model.name.toLowerCase()} ${PT_OF[j.team.article]} ${j.team.name} da temporada ${j.modelYear}, versão torcedor, em tecido leve.`,
      descriptionEn: `The ${teamEn} ${modelEn} shirt of the ${j.modelYear} season, supporter version, in a light fabric.`,
      team: j.team.name,
      season: j.modelYear,
      jerseyId: j.id,
      imageIds: [j.image!.id],
      colours: [colourName(j.mainColor)],
      sizes,
      priceCents: listPrice,
      ...market,
      featured: i % 5 === 0,
      stock: stockFor(rng, sizes),
      offers: offersFor(
        rng,
        slugHint(`${j.team.name} ${j.modelYear} ${j.model.name}`),
        discountedCents(listPrice, market.discountPercent),
      ),
    });
  }

  // Balls: each kind in two brands, one picture per kind.
  for (const ball of BALLS) {
    const imageId = await render(ballSvg(ball.colour));
    for (const brand of [oneOf(rng, BALL_BRANDS.slice(0, 3)), oneOf(rng, BALL_BRANDS.slice(3))]) {
      const listPrice = price(rng, 60, 300);
      const market = marketFor(rng);
      drafts.push({
        category: 'balls',
        namePt: `${ball.pt} ${brand}`,
        nameEn: `${brand} ${ball.en.toLowerCase()}`,
        descriptionPt: `${ball.pt} da ${brand}, costurada, com câmara de butil que segura a calibragem.`,
        descriptionEn: `${brand} ${ball.en.toLowerCase()}, stitched, with a butyl bladder that holds its pressure.`,
        imageIds: [imageId],
        colours: ['Branco', colourName(ball.colour)],
        sizes: ['5'],
        priceCents: listPrice,
        ...market,
        featured: ball === BALLS[0],
        stock: stockFor(rng, ['5']),
        offers: offersFor(rng, slugHint(`${ball.pt} ${brand}`), discountedCents(listPrice, market.discountPercent)),
      });
    }
  }

  // Accessories in the colours of the teams whose jerseys are on sale.
  const teams = [...new Map(chosen.map((j) => [j.team.name, j])).values()];
  for (const [k, accessory] of ACCESSORIES.entries()) {
    for (const j of [teams[(k * 2) % teams.length]!, teams[(k * 2 + 5) % teams.length]!]) {
      const listPrice = price(rng, 20, accessory.maxPrice);
      const market = marketFor(rng);
      const jersey = jerseys.find((x) => x.team.name === j.team.name && x.model.name === 'Reserva') ?? j;
      drafts.push({
        category: 'accessories',
        namePt: `${accessory.pt} ${j.team.name}`,
        nameEn: `${j.team.nameEn ?? j.team.name} ${accessory.en.toLowerCase()}`,
        descriptionPt: `${accessory.pt} oficial ${PT_OF[j.team.article]} ${j.team.name}, nas cores do clube.`,
        descriptionEn: `Official ${j.team.nameEn ?? j.team.name} ${accessory.en.toLowerCase()}, in the club's colours.`,
        team: j.team.name,
        imageIds: [await render(bandSvg(j.mainColor, jersey.mainColor === j.mainColor ? '#FFFFFF' : jersey.mainColor))],
        colours: [colourName(j.mainColor)],
        sizes: accessory.sizes,
        priceCents: listPrice,
        ...market,
        featured: false,
        stock: stockFor(rng, accessory.sizes),
        offers: offersFor(
          rng,
          slugHint(`${accessory.pt} ${j.team.name}`),
          discountedCents(listPrice, market.discountPercent),
        ),
      });
    }
  }

  for (const draft of drafts) await shop.create(productInput.parse(draft));
  log.info({ products: drafts.length, ms: Date.now() - started }, 'seeded the demo shop');
}
