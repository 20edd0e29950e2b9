/**
 * Builds a small catalogue through the real API as the seeded admin, for journeys that need
 * jerseys (duels, rankings). The e2e stack runs with SEED_DEMO=false, so the catalogue starts
 * empty; every call adds a unique suffix to the names it is given, so specs and runs never collide.
 *
 *   const cat = await seedCatalogue(request, {
 *     teams: [{ name: 'Aurora FC', jerseys: [{ model: 'Titular', season: 2024 }, { model: 'Reserva', season: 2023 }] }],
 *   });
 *   cat.teams[0].slug           // 'aurora-fc-k3x9a'
 *   cat.teams[0].jerseys[1].id  // the jersey's id
 *   cat.models['Titular'].slug  // 'titular-k3x9a'
 *
 * Models and suppliers are shared by name across the teams of one call. Images are drawn with
 * sharp (a shirt silhouette in the jersey's colour) and uploaded once per colour per worker.
 */
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN } from './stack-info.ts';

export interface SeedJersey {
  /** Model name as given (e.g. 'Titular'); the suffix is added for the stored name. */
  model: string;
  season: number;
  /** Season label; defaults to the season, e.g. '2024'. */
  modelYear?: string;
  /** Supplier name; defaults to 'Marca'. */
  supplier?: string;
  /** Main colour '#RRGGBB'; defaults to the team's colour. Also paints the image. */
  color?: string;
  /** Defaults to true. */
  active?: boolean;
  masterSponsor?: string;
}

export interface SeedTeam {
  /** Team name as given (e.g. 'Aurora FC'); the suffix is added. */
  name: string;
  /** English name, where it differs; the suffix is added. */
  nameEn?: string;
  /** Portuguese article of the name; 'o' when absent. */
  article?: 'o' | 'a' | 'os' | 'as';
  category?: 'club' | 'national';
  /** Base colour '#RRGGBB'. */
  color?: string;
  city?: string;
  country?: string;
  state?: string;
  jerseys: SeedJersey[];
}

export interface SeedOptions {
  teams: SeedTeam[];
  /** English names of models, by the model name as given; the suffix is added. */
  modelsEn?: Record<string, string>;
  /** Appended to every name (' <suffix>') and so to every slug; random when absent. */
  suffix?: string;
}

export interface SeededRef {
  id: string;
  slug: string;
  name: string;
}

export interface SeededJersey {
  id: string;
  slug: string;
  season: number;
  modelYear: string;
  model: SeededRef;
  supplier: SeededRef;
  active: boolean;
}

export interface SeededTeam extends SeededRef {
  jerseys: SeededJersey[];
}

export interface SeededCatalogue {
  suffix: string;
  teams: SeededTeam[];
  /** By the model name as given (without the suffix). */
  models: Record<string, SeededRef>;
  /** By the supplier name as given (without the suffix). */
  suppliers: Record<string, SeededRef>;
}

/** A short random suffix, unique enough for one run (lower case letters and digits). */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 6)}`;
}

const PALETTE = ['#0A7A3B', '#B3261E', '#1F4FA3', '#F2C200', '#222222', '#7B2CBF', '#E4572E', '#F5F5F5'];

let adminSession: { token: string; at: number } | null = null;

/** The seeded admin's access token, reused within a worker for a few minutes (login is rate-limited). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  if (adminSession && Date.now() - adminSession.at < 4 * 60_000) return adminSession.token;
  const res = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  if (res.status() !== 200) throw new Error(`admin login failed: ${res.status()} ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  adminSession = { token: accessToken, at: Date.now() };
  return accessToken;
}

async function call<T>(
  request: APIRequestContext,
  method: 'post' | 'patch',
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const token = await adminToken(request);
  const res = await request[method](path, { data, headers: { authorization: `Bearer ${token}`, ...headers } });
  if (res.status() >= 300)
    throw new Error(`${method.toUpperCase()} ${path} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A shirt silhouette in `color` on a transparent background, as PNG bytes. */
export function shirtPng(color: string, size = 640): Promise<Buffer> {
  const trim = color.toUpperCase() === '#F5F5F5' ? '#1F4FA3' : '#F5F5F5';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    <path d="M35 12 L20 18 L6 34 L17 44 L24 38 L24 90 L76 90 L76 38 L83 44 L94 34 L80 18 L65 12 Q50 24 35 12 Z"
      fill="${color}" stroke="rgba(0,0,0,0.35)" stroke-width="1.2" stroke-linejoin="round"/>
    <path d="M35 12 Q50 24 65 12" fill="none" stroke="${trim}" stroke-width="3"/>
    <rect x="24" y="52" width="52" height="7" fill="${trim}" opacity="0.85"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const images = new Map<string, Promise<string>>();

/** Uploads a shirt image of `color` (once per colour per worker) and returns its id. */
export function uploadShirtImage(request: APIRequestContext, color: string): Promise<string> {
  const key = color.toUpperCase();
  let found = images.get(key);
  if (!found) {
    found = (async () => {
      const token = await adminToken(request);
      const res = await request.post('/api/manage/images', {
        data: await shirtPng(key),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      });
      if (res.status() !== 201) throw new Error(`image upload failed: ${res.status()} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    })();
    found.catch(() => images.delete(key));
    images.set(key, found);
  }
  return found;
}

const ref = ({ id, slug, name }: SeededRef): SeededRef => ({ id, slug, name });

/** Creates the teams, models, suppliers and jerseys described, all with the suffix in their names. */
export async function seedCatalogue(request: APIRequestContext, options: SeedOptions): Promise<SeededCatalogue> {
  const suffix = options.suffix ?? uniqueSuffix();
  const named = (name: string) => `${name} ${suffix}`;

  const models: Record<string, SeededRef> = {};
  const suppliers: Record<string, SeededRef> = {};
  const ensure = async (kind: 'models' | 'suppliers', store: Record<string, SeededRef>, name: string) => {
    const english = kind === 'models' ? options.modelsEn?.[name] : undefined;
    store[name] ??= ref(
      await call<SeededRef>(request, 'post', `/api/manage/${kind}`, {
        name: named(name),
        ...(english ? { nameEn: named(english) } : {}),
      }),
    );
    return store[name];
  };

  const teams: SeededTeam[] = [];
  for (const [index, team] of options.teams.entries()) {
    const color = team.color ?? PALETTE[index % PALETTE.length]!;
    const created = ref(
      await call<SeededRef>(request, 'post', '/api/manage/teams', {
        name: named(team.name),
        ...(team.nameEn ? { nameEn: named(team.nameEn) } : {}),
        ...(team.article ? { article: team.article } : {}),
        country: team.country ?? 'Brasil',
        state: team.state ?? 'SP',
        city: team.city ?? 'Campinas',
        baseColor: color,
        category: team.category ?? 'club',
      }),
    );
    const jerseys: SeededJersey[] = [];
    for (const [j, jersey] of team.jerseys.entries()) {
      const model = await ensure('models', models, jersey.model);
      const supplier = await ensure('suppliers', suppliers, jersey.supplier ?? 'Marca');
      const mainColor = jersey.color ?? (j === 0 ? color : PALETTE[(index + j) % PALETTE.length]!);
      const imageId = await uploadShirtImage(request, mainColor);
      const row = await call<{ id: string; slug: string; active: boolean }>(request, 'post', '/api/manage/jerseys', {
        teamId: created.id,
        modelId: model.id,
        supplierId: supplier.id,
        season: jersey.season,
        modelYear: jersey.modelYear ?? String(jersey.season),
        mainColor,
        imageId,
        imageSourceText: 'E2E',
        ...(jersey.masterSponsor ? { masterSponsor: jersey.masterSponsor } : {}),
        active: jersey.active ?? true,
      });
      jerseys.push({
        id: row.id,
        slug: row.slug,
        season: jersey.season,
        modelYear: jersey.modelYear ?? String(jersey.season),
        model,
        supplier,
        active: row.active,
      });
    }
    teams.push({ id: created.id, slug: created.slug, name: created.name, jerseys });
  }
  return { suffix, teams, models, suppliers };
}

/** Activates or deactivates a jersey (deactivated jerseys leave duels and public lists). */
export async function setJerseyActive(request: APIRequestContext, jerseyId: string, active: boolean): Promise<void> {
  await call(request, 'patch', `/api/manage/jerseys/${jerseyId}/active`, { active });
}
