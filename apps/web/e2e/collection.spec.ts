/**
 * "Minha coleção" end to end (ADR 0042): a visitor's "Tenho" leads to sign-in and back to the jersey; the member
 * marks one jersey "Tenho" with a size and another "Quero" with a target price, finds both on the profile with
 * their ranks, makes the collection public, and a visitor opens its link and sees the jerseys, without the size
 * or the price. (Axe on the profile's section and the public page: a11y.spec.ts.)
 */
import { seedCatalogue } from './support/catalogue.ts';
import { appReady, expect, loginViaUi, newUser, registerUser, test } from './support/fixtures.ts';
import { castVotes, preferring, visitor, waitForJerseyRating } from './support/rankings.ts';

test('a member marks what they have and want, sees it ranked on the profile and shares it', async ({
  page,
  request,
  browser,
}) => {
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Coleção FC',
        jerseys: [
          { model: 'Titular', season: 2024 },
          { model: 'Reserva', season: 2024 },
        ],
      },
    ],
  });
  const team = cat.teams[0]!;
  const [have, want] = team.jerseys as [(typeof team.jerseys)[0], (typeof team.jerseys)[0]];
  const pathOf = (j: typeof have) => `/app/camisas/time/${team.slug}/${j.slug}`;
  // Votes in the team's duel, so both jerseys have a place in the global ranking.
  await castVotes(request, { voter: visitor(), team: team.slug, count: 3, choose: preferring([have.id, want.id]) });
  for (const j of [have, want]) await waitForJerseyRating(request, j.id, (r) => r.global !== null, 60_000);
  const user = await registerUser(request, newUser('colecao', { name: `Clara ${cat.suffix}` }));
  const haveName = `${team.name} 2024 · Titular ${cat.suffix}`;
  const wantName = `${team.name} 2024 · Reserva ${cat.suffix}`;
  const saved = () =>
    page.waitForResponse((r) => r.url().includes('/api/me/collection/') && r.request().method() === 'PUT');

  await test.step('a visitor’s "Tenho" leads to sign-in, and back to the jersey', async () => {
    await page.goto(pathOf(have));
    await page.getByRole('link', { name: 'Tenho' }).click();
    await expect(page).toHaveURL(/\/app\/auth\/login\?redirectTo=/);
    await loginViaUi(page, user.email, user.password);
    await expect(page).toHaveURL(new RegExp(`${pathOf(have)}$`));
  });

  await test.step('"Tenho" with a size on one jersey', async () => {
    const button = page.getByRole('button', { name: 'Tenho' });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await Promise.all([saved(), button.click()]);
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await Promise.all([
      saved(),
      page.getByRole('combobox', { name: 'Tamanho da camisa que você tem' }).selectOption('G'),
    ]);
  });

  await test.step('"Quero" with a target price on the other', async () => {
    await page.goto(pathOf(want));
    const button = page.getByRole('button', { name: 'Quero' });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await Promise.all([saved(), button.click()]);
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    const price = page.getByRole('textbox', { name: 'Avise-me abaixo de' });
    await price.fill('150');
    await Promise.all([saved(), price.press('Enter')]);
    await expect(price).toHaveValue(/R\$\s150,00/);
  });

  let link = '';
  await test.step('the profile lists both, with size, price and rank; the switch makes a public link', async () => {
    await page.goto('/app/auth/perfil');
    const section = page.getByRole('region', { name: 'Minha coleção' });
    const owned = section;
    await expect(section.getByRole('radio', { name: 'Tenho (1)' })).toBeChecked();
    await expect(owned.getByRole('link', { name: haveName })).toBeVisible();
    await expect(owned.getByText('Tamanho G')).toBeVisible();
    await expect(owned.getByText(/^\d+º de \d+ no ranking global$/)).toBeVisible();
    await section.getByText('Quero (1)').click();
    const wanted = section;
    await expect(wanted.getByRole('link', { name: wantName })).toBeVisible();
    await expect(wanted.getByText(/Avise-me abaixo de R\$\s150,00/)).toBeVisible();
    await expect(wanted.getByText(/^\d+º de \d+ no ranking global$/)).toBeVisible();

    const toggle = section.getByRole('switch', { name: /^Coleção pública/ });
    await expect(toggle).not.toBeChecked();
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked();
    link = await section.getByRole('textbox', { name: 'Link público' }).inputValue();
    expect(link).toMatch(/\/app\/colecao\/[\w-]{22}$/);
  });

  await test.step('a visitor opens the link: the jerseys and their ranks, no size or price', async () => {
    const context = await browser.newContext();
    const stranger = await context.newPage();
    await stranger.goto(link);
    await appReady(stranger);
    await expect(stranger.getByRole('heading', { name: `Coleção de ${user.name}` })).toBeVisible();
    const owned = stranger.getByRole('main');
    await expect(owned.getByRole('radio', { name: 'Tem (1)' })).toBeChecked();
    await expect(owned.getByRole('link', { name: haveName })).toBeVisible();
    await expect(owned.getByText(/^\d+º de \d+ no ranking global$/)).toBeVisible();
    await stranger.getByText('Quer (1)').click();
    const wanted = stranger.getByRole('main');
    await expect(wanted.getByRole('link', { name: wantName })).toBeVisible();
    await expect(wanted.getByText(/^\d+º de \d+ no ranking global$/)).toBeVisible();
    await expect(stranger.getByText(/Tamanho|Avise-me/)).toHaveCount(0);
    await context.close();
  });
});
