import { expect, test } from './support/fixtures.ts';

// The privacy page (docs/security.md item 34): the footer's link beside the terms opens it, in pt and en,
// with the server's retention period. (Axe: a11y.spec.ts.)

test('the footer opens the privacy page, in Portuguese and in English', async ({ page }) => {
  await page.goto('/app/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Privacidade' }).click();
  await expect(page).toHaveURL(/\/app\/privacidade$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacidade' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'De onde veio cada voto' })).toContainText(
    '30 dias; depois são apagados',
  );
  await expect(page.getByRole('link', { name: 'Ir ao meu perfil' })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.goto('/app/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Where each vote came from' })).toContainText('30 days, then erased');
});
