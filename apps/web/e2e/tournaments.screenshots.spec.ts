/**
 * Screenshots of the public tournament screens for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project=screenshots tournaments
 * Writes <repo>/screenshots/e2e/tournament-<screen>-<device>-<scheme>-<lang>.png (gitignored): the list, an
 * ongoing bracket (a round decided by votes, by a draw and by the ranking; the next one open), a completed one
 * with its champion, an upcoming one with its projected first round, the round's duel before and after a vote
 * and once every match is answered, and the champion's jersey page.
 */
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { adminToken, seedCatalogue, type SeededCatalogue } from './support/catalogue.ts';
import { duelBoard, pairOnScreen, voteBy } from './support/duels.ts';
import { expect, test, waitForAnimations } from './support/fixtures.ts';
import { DEVICES, OUT } from './support/screenshots.ts';
import { visitor } from './support/rankings.ts';
import { closeRound, createTournament, voteInRound, waitForRound, waitForTournament } from './support/tournaments.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.describe.configure({ mode: 'parallel' });

const READY_MS = 30_000;

let cat: SeededCatalogue;
const slugs = { ongoing: '', completed: '', upcoming: '' };
let championPath = '';

/** A wide banner for a tournament cover, uploaded like any image. */
async function uploadCover(request: APIRequestContext): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="450">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#1F4FA3"/><stop offset="1" stop-color="#0A7A3B"/></linearGradient></defs>
    <rect width="1200" height="450" fill="url(#g)"/>
    <circle cx="960" cy="225" r="150" fill="none" stroke="#F2C200" stroke-width="14"/>
    <path d="M180 120 h240 v60 q0 90 -120 110 q-120 -20 -120 -110 z" fill="#F2C200"/>
    <rect x="270" y="290" width="60" height="50" fill="#F2C200"/><rect x="230" y="340" width="140" height="24" fill="#F2C200"/>
  </svg>`;
  const token = await adminToken(request);
  const res = await request.post('/api/manage/images', {
    data: await sharp(Buffer.from(svg)).png().toBuffer(),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Sociedade Esportiva Horizonte',
        color: '#0A7A3B',
        jerseys: [
          { model: 'Titular', season: 2024, modelYear: '2024/25' },
          { model: 'Reserva', season: 2023, color: '#F5F5F5' },
          { model: 'Terceira', season: 2022, color: '#222222' },
        ],
      },
      {
        name: 'Aurora FC',
        color: '#B3261E',
        jerseys: [
          { model: 'Titular', season: 2024 },
          { model: 'Reserva', season: 2021, color: '#1F4FA3' },
          { model: 'Goleiro', season: 2023, color: '#7B2CBF' },
        ],
      },
      {
        name: 'Brasil',
        category: 'national',
        color: '#F2C200',
        jerseys: [
          { model: 'Titular', season: 2022 },
          { model: 'Reserva', season: 2022, color: '#1F4FA3' },
        ],
      },
    ],
  });
  const ids = cat.teams.flatMap((t) => t.jerseys.map((j) => j.id));
  const [a1, a2, a3, b1] = ids;
  const s = cat.suffix;

  // Completed, with a cover: semi-finals by votes and by a draw, the final by votes.
  const completed = await createTournament(request, {
    namePt: `Copa das Camisas ${s}`,
    nameEn: `Jersey Cup ${s}`,
    descriptionPt: 'Quatro camisas, duas rodadas.\nQuem a galera escolhe?',
    descriptionEn: 'Four jerseys, two rounds.\nWho will the fans pick?',
    coverImageId: await uploadCover(request),
    size: 4,
    jerseyIds: [a1!, a2!, a3!, b1!],
    roundHours: 48,
  });
  slugs.completed = completed.slug;
  await waitForRound(request, completed.slug, 1);
  const first = await waitForTournament(request, completed.slug, () => true);
  const [m1, m2] = first.rounds[0]!.matches;
  // Each ballot names the jersey its voter picks in each match (none: a skip). The underdog wins the first
  // semi-final 3–0; the second ends 1–1, a draw the better seed wins.
  const ballots = [[m1!.b.jersey.id, m2!.a.jersey.id], [m1!.b.jersey.id, m2!.b.jersey.id], [m1!.b.jersey.id]];
  for (const ballot of ballots)
    await voteInRound(request, completed.slug, visitor(), (l, r) => {
      const pick = ballot.find((id) => id === l || id === r);
      return pick === undefined ? 'skip' : pick === l ? 'left' : 'right';
    });
  await closeRound(request, completed.id, 1);
  await waitForRound(request, completed.slug, 2);
  await Promise.all(
    [0, 1, 2].map((i) => voteInRound(request, completed.slug, visitor(), () => (i < 2 ? 'left' : 'right'))),
  );
  await closeRound(request, completed.id, 2);
  const done = await waitForTournament(request, completed.slug, (t) => t.status === 'completed');
  const champion = done.champion!;
  championPath = `/app/camisas/time/${champion.team.slug}/${champion.slug}`;

  // Ongoing, no cover (the top seeds stand in): quarter-finals decided, the semi-finals open.
  const ongoing = await createTournament(request, {
    namePt: `Torneio de Verão das Camisas Históricas ${s}`,
    nameEn: `Summer Tournament of Historic Jerseys ${s}`,
    size: 8,
    jerseyIds: ids,
    roundHours: 72,
  });
  slugs.ongoing = ongoing.slug;
  const drawn = await waitForRound(request, ongoing.slug, 1);
  const quiet = drawn.rounds[0]!.matches[3]!.a.jersey.id;
  await Promise.all(
    [0, 1, 2].map((i) =>
      voteInRound(request, ongoing.slug, visitor(), (l, r) =>
        [l, r].includes(quiet) ? 'skip' : i === 2 ? 'tie' : 'right',
      ),
    ),
  );
  await closeRound(request, ongoing.id, 1);
  await waitForRound(request, ongoing.slug, 2);

  // Upcoming: its projected first round.
  const upcoming = await createTournament(request, {
    namePt: `Taça da Primavera ${s}`,
    nameEn: `Spring Trophy ${s}`,
    size: 8,
    jerseyIds: ids,
    startsAt: new Date(Date.now() + (3 * 24 + 5) * 3600_000),
  });
  slugs.upcoming = upcoming.slug;
});

async function shoot(
  page: Page,
  name: string,
  device: keyof typeof DEVICES,
  scheme: string,
  lang: string,
  full = true,
) {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.evaluate(() => document.fonts.ready);
  await waitForAnimations(page);
  // Every picture loaded and decoded, the lazy ones below the fold too (a full-page shot shows them).
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((img) => {
        img.loading = 'eager';
        return img.decode().catch(() => undefined);
      }),
    ),
  );
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${name} overflows`,
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(OUT, `tournament-${name}-${device}-${scheme}-${lang}.png`), fullPage: full });
}

for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[]) {
  for (const scheme of ['light', 'dark'] as const) {
    for (const lang of ['pt', 'en'] as const) {
      test(`tournament screens ${device} ${scheme} ${lang}`, async ({ browser }) => {
        test.setTimeout(180_000);
        const errors: string[] = [];
        const context = await browser.newContext({
          ...DEVICES[device],
          baseURL: test.info().project.use.baseURL,
          colorScheme: scheme,
          locale: lang === 'pt' ? 'pt-BR' : 'en-GB',
          timezoneId: 'America/Sao_Paulo',
        });
        context.on('page', (page) => {
          page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
          page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
        });
        await context.addInitScript(
          (items) => {
            if (location.protocol !== 'http:') return;
            for (const [key, value] of Object.entries(items))
              if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
          },
          { 'manto-color-scheme': scheme, i18nextLng: lang },
        );
        const page = await context.newPage();
        const h1 = () => expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: READY_MS });

        await page.goto('/app/torneios');
        // (On a long-lived stack this run's tournaments may be on a later page: any card will do.)
        await expect(page.getByRole('region').first().getByRole('link').first()).toBeVisible({
          timeout: READY_MS,
        });
        await shoot(page, 'list', device, scheme, lang);

        for (const kind of ['ongoing', 'completed', 'upcoming'] as const) {
          await page.goto(`/app/torneios/${slugs[kind]}`);
          await h1();
          // A round of the bracket (phones show one: the open one, the final, or the first).
          await expect(page.getByRole('region', { name: /final/i }).getByRole('listitem').first()).toBeVisible({
            timeout: READY_MS,
          });
          await shoot(page, kind, device, scheme, lang);
        }

        await page.goto(`/app/torneios/${slugs.ongoing}/votar`);
        await h1();
        await pairOnScreen(page);
        await shoot(page, 'vote', device, scheme, lang, device === 'desktop');
        await voteBy(page, () =>
          device === 'mobile' ? duelBoard(page).getByRole('button').first().tap() : page.keyboard.press('ArrowLeft'),
        );
        await shoot(page, 'voted', device, scheme, lang, device === 'desktop');
        await voteBy(page, () =>
          device === 'mobile' ? duelBoard(page).getByRole('button').first().tap() : page.keyboard.press('ArrowRight'),
        );
        await expect(page.getByRole('heading', { level: 2 })).toBeVisible({ timeout: READY_MS });
        await shoot(page, 'done', device, scheme, lang);

        await page.goto(championPath);
        await expect(
          page.getByRole('link', { name: new RegExp(`(Copa das Camisas|Jersey Cup) ${cat.suffix}`) }),
        ).toBeVisible({ timeout: READY_MS });
        await shoot(page, 'jersey', device, scheme, lang);

        await context.close();
        expect(errors, 'browser console errors').toEqual([]);
      });
    }
  }
}
