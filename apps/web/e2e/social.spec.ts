import { expect, openUserMenu, stack, test, uniqueEmail } from './support/fixtures.ts';

test('Google sign-in through the local OIDC provider; Facebook and Apple unavailable', async ({ page }) => {
  const identity = {
    sub: `google-${Date.now()}`,
    email: uniqueEmail('google'),
    email_verified: true,
    name: 'Carla Nogueira',
  };
  const set = await fetch(`${stack().controlUrl}/oidc/identity`, {
    method: 'POST',
    body: JSON.stringify(identity),
  });
  expect(set.ok).toBe(true);

  await page.goto('/app/auth/login');
  await expect(page.getByRole('button', { name: /Entrar com Facebook/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Entrar com Apple/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Entrar com Facebook/ })).toContainText('indisponível');

  const google = page.getByRole('link', { name: 'Entrar com Google' });
  await expect(google).toBeVisible();
  await google.click();
  // API start → provider's authorize (redirects at once) → API callback → /app/auth/social → home.
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(page.getByText('Olá, Carla!')).toBeVisible();
  const menu = await openUserMenu(page);
  await expect(menu.getByText('Carla Nogueira')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Perfil' }).click();
  await expect(page.getByText(identity.email)).toBeVisible();
});
