import { seedCatalogue } from './support/catalogue.ts';
import { voteBy } from './support/duels.ts';
import { expect, loginViaUi, newUser, registerUser, test } from './support/fixtures.ts';

/**
 * Meu ranking (docs/ranking.md §9): a visitor answers the 30 duels it takes, sees their own ranking on this
 * device, then signs in and keeps those votes, and the ranking, in their account.
 */
const MIN_VOTES = 30;

test.beforeAll(async ({ request }) => {
  // Enough jerseys of this file's own that the visitor never runs out of pairs, whatever the other journeys do.
  await seedCatalogue(request, {
    teams: [
      {
        name: 'Farol FC',
        jerseys: [2018, 2019, 2020, 2021, 2022, 2023, 2024].map((season) => ({ model: 'Titular', season })),
      },
    ],
  });
});

test('a visitor votes 30 times, sees their ranking, and keeps it on signing in', async ({ page, request }) => {
  test.slow();
  await page.goto('/app/rankings/meu');
  await expect(page.getByRole('heading', { name: 'Meu ranking', level: 1 })).toBeVisible();
  await expect(page.getByText(`Faltam ${MIN_VOTES} duelos para o seu ranking`)).toBeVisible();
  await page.getByRole('link', { name: 'Votar agora' }).click();
  await expect(page.getByRole('heading', { name: 'Duelo global', level: 1 })).toBeVisible();

  const keys = ['ArrowLeft', 'ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowRight'] as const;
  for (let i = 0; i < MIN_VOTES; i++) await voteBy(page, () => page.keyboard.press(keys[i % keys.length]!));

  // Through the header's menu, as a fan would.
  await page.getByRole('button', { name: 'Rankings' }).click();
  await page.getByRole('menuitem', { name: 'Meu ranking' }).click();
  const list = page.getByRole('list', { name: 'Meu ranking' });
  await expect(list).toBeVisible();
  await expect(page.getByText(new RegExp(`camisas vistas em ${MIN_VOTES} duelos`))).toBeVisible();
  const rows = list.getByRole('listitem');
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  await expect(rows.first()).toContainText(/\d+V \d+D \d+E/);
  await expect(page.getByText('Você vs a galera')).toBeVisible();
  await expect(page.getByText('Seu ranking está neste aparelho')).toBeVisible();
  const mine = await list.getByRole('link').allTextContents();

  const user = await registerUser(request, newUser('meu-ranking'));
  await loginViaUi(page, user.email, user.password);
  const prompt = page.getByRole('dialog', { name: 'Levar seus votos para a conta?' });
  await expect(prompt).toContainText(`você respondeu ${MIN_VOTES} duelos antes de entrar`);
  await prompt.getByRole('button', { name: 'Levar para a conta' }).click();
  await expect(page.getByText(`${MIN_VOTES} votos agora estão na sua conta.`)).toBeVisible();
  await expect(prompt).toBeHidden();

  await page.goto('/app/rankings/meu');
  await expect(page.getByText(new RegExp(`camisas vistas em ${MIN_VOTES} duelos`))).toBeVisible();
  await expect(page.getByText('Seu ranking está neste aparelho')).toBeHidden();
  // The same votes, so the same ranking, now the account's.
  expect(await page.getByRole('list', { name: 'Meu ranking' }).getByRole('link').allTextContents()).toEqual(mine);
  // Asked once: the browser no longer holds the visitor's votes.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Meu ranking' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Levar seus votos para a conta?' })).toHaveCount(0);
});
