/**
 * Screenshots of /sistema/torneios for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots sistema-tournaments
 * Writes <repo>/screenshots/e2e/sistema-tournaments-<view>-<device>-<scheme>-<lang>.png (gitignored): the
 * list (upcoming, ongoing and completed rows), the form of an upcoming tournament with its live preview,
 * and the frozen form of a started one.
 */
import type { APIRequestContext } from '@playwright/test';
import type { ManageTournament } from '@manto/contracts';
import { adminToken, seedCatalogue } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';
import { VIEWS, shoot, sistemaRecords, viewPage } from './support/screenshots.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.describe.configure({ mode: 'parallel' });

async function post<T>(request: APIRequestContext, url: string, data: unknown, status = 200): Promise<T> {
  const token = await adminToken(request);
  const res = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

async function waitForRound(request: APIRequestContext, slug: string, round: number | null) {
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/tournaments/${slug}`);
        const body = (await res.json()) as { currentRound: number | null; status: string };
        return round === null ? body.status : body.currentRound;
      },
      { timeout: 45_000 },
    )
    .toBe(round ?? 'completed');
}

let suffix = '';
let upcoming: ManageTournament;
let ongoing: ManageTournament;

test.beforeAll(async ({ request }) => {
  const cat = await seedCatalogue(request, {
    teams: [
      { name: 'Aurora', jerseys: [2024, 2023, 2022, 2021].map((season) => ({ model: 'Titular', season })) },
      {
        name: 'Cobalto Esporte Clube',
        jerseys: [2024, 2023, 2022, 2021].map((season) => ({ model: 'Reserva', season })),
      },
    ],
  });
  suffix = cat.suffix;
  const jerseyIds = cat.teams.flatMap((team) => team.jerseys.map((j) => j.id));
  const create = (namePt: string, nameEn: string, size: number, startsAt: Date, roundHours = 24) =>
    post<ManageTournament>(
      request,
      '/api/manage/tournaments',
      { namePt, nameEn, size, startsAt: startsAt.toISOString(), roundHours, pool: { kind: 'hand', jerseyIds } },
      201,
    );
  upcoming = await create(
    `Copa Primavera ${suffix}`,
    `Spring Cup ${suffix}`,
    8,
    new Date(Date.now() + 3 * 86_400_000),
    48,
  );
  ongoing = await create(`Taça Outono ${suffix}`, `Autumn Trophy ${suffix}`, 8, new Date(Date.now() + 1000), 36);
  const completed = await create(`Supercopa ${suffix}`, `Super Cup ${suffix}`, 4, new Date(Date.now() + 1000));
  await waitForRound(request, ongoing.slug, 1);
  await post(request, `/api/manage/tournaments/${ongoing.id}/close-round`, { round: 1 });
  await waitForRound(request, completed.slug, 1);
  await post(request, `/api/manage/tournaments/${completed.id}/close-round`, { round: 1 });
  await waitForRound(request, completed.slug, 2);
  await post(request, `/api/manage/tournaments/${completed.id}/close-round`, { round: 2 });
  await waitForRound(request, completed.slug, null);
});

for (const view of VIEWS) {
  test(`sistema tournaments ${view.tag}`, async ({ browser, request }) => {
    const { device, lang, tag } = view;
    const page = await viewPage(browser, request, view, { baseURL: test.info().project.use.baseURL });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const nameOf = (t: ManageTournament) => (lang === 'pt' ? t.namePt : t.nameEn);

    await page.goto(`/app/sistema/torneios?busca=${suffix}`);
    // A table on wide screens, cards on a phone.
    await expect(sistemaRecords(page, /^(Torneios|Tournaments)$/)).toHaveCount(3);
    await shoot(page, `sistema-tournaments-list-${tag}`);

    await page.getByRole('button', { name: new RegExp(`(Editar|Edit) ${nameOf(upcoming)}`) }).click();
    const preview = page.getByRole('dialog').getByRole('region');
    await expect(preview.getByRole('listitem')).toHaveCount(4);
    await shoot(page, `sistema-tournaments-form-${tag}`, false);
    if (device === 'mobile') {
      await preview.scrollIntoViewIfNeeded();
      await shoot(page, `sistema-tournaments-form-preview-${tag}`, false);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: new RegExp(`(Editar|Edit) ${nameOf(ongoing)}`) }).click();
    await expect(page.getByRole('dialog').getByRole('note')).toContainText(/congelada|frozen/);
    await shoot(page, `sistema-tournaments-frozen-${tag}`, false);
    if (device === 'mobile') {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Salvar|Save/ })
        .scrollIntoViewIfNeeded();
      await shoot(page, `sistema-tournaments-frozen-bottom-${tag}`, false);
    }
    await page.context().close();
    expect(errors).toEqual([]);
  });
}
