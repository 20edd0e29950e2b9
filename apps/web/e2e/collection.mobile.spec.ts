/**
 * "Minha coleção" on a phone (ADR 0042): the jersey page's "Tenho" and its size fit a 390 px screen, and the
 * profile lists the jersey. The whole journey, public link included, is collection.spec.ts.
 */
import { seedCatalogue } from './support/catalogue.ts';
import { expect, newUser, registerUser, signIn, test } from './support/fixtures.ts';

test('a member marks a jersey "Tenho" with a size on a phone and finds it on the profile', async ({
  page,
  request,
}) => {
  const cat = await seedCatalogue(request, {
    teams: [{ name: 'Bolso FC', jerseys: [{ model: 'Titular', season: 2023 }] }],
  });
  const team = cat.teams[0]!;
  const jersey = team.jerseys[0]!;
  const user = await registerUser(request, newUser('colecao-m'));
  await signIn(page, user);
  await page.goto(`/app/camisas/time/${team.slug}/${jersey.slug}`);
  const saved = () =>
    page.waitForResponse((r) => r.url().includes('/api/me/collection/') && r.request().method() === 'PUT');
  const button = page.getByRole('button', { name: 'Tenho' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await Promise.all([saved(), button.tap()]);
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await Promise.all([
    saved(),
    page.getByRole('combobox', { name: 'Tamanho da camisa que você tem' }).selectOption('M'),
  ]);

  await page.goto('/app/auth/perfil');
  const owned = page.getByRole('region', { name: 'Minha coleção' });
  await expect(owned.getByRole('radio', { name: 'Tenho (1)' })).toBeChecked();
  await expect(owned.getByRole('link', { name: `${team.name} 2023 · Titular ${cat.suffix}` })).toBeVisible();
  await expect(owned.getByText('Tamanho M')).toBeVisible();
});
