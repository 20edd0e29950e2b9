import { APP_URL, expect, openUserMenu, stack, test, uniqueEmail } from './support/fixtures.ts';

// The local provider signs one chosen identity at a time (POST /oidc/identity, stack-wide): these two, the
// only journeys that choose it, run one after the other in one worker even when files run fully parallel.
test.describe.configure({ mode: 'default' });

test('Google sign-in through the local OIDC provider; Facebook and Apple, not configured, are not offered', async ({
  page,
}) => {
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
  const google = page.getByRole('link', { name: 'Entrar com Google' });
  await expect(google).toBeVisible();
  await expect(page.getByText(/Entrar com (Facebook|Apple)/)).toHaveCount(0);
  await google.click();
  // API start → provider's authorize (redirects at once) → API callback → /app/auth/social → home.
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(page.getByText('Olá, Carla!')).toBeVisible();
  const menu = await openUserMenu(page);
  await expect(menu.getByText('Carla Nogueira')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Perfil' }).click();
  await expect(page.getByText(identity.email)).toBeVisible();
});

test('a Google callback started by someone else signs this browser into nobody (login CSRF)', async ({ page }) => {
  const attacker = { sub: `attacker-${Date.now()}`, email: uniqueEmail('attacker'), email_verified: true };
  const set = await fetch(`${stack().controlUrl}/oidc/identity`, { method: 'POST', body: JSON.stringify(attacker) });
  expect(set.ok).toBe(true);
  // The attacker, in their own client: our start, then the provider, keeping the callback URL unopened.
  const start = await fetch(`${APP_URL}/api/auth/social/google/start`, { redirect: 'manual' });
  const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = authorize.headers.get('location')!;
  expect(callback).toContain('/api/auth/social/google/callback?');

  // The victim's browser opens it: the social error, and no session.
  await page.goto(callback);
  await expect(page).toHaveURL(/\/app\/auth\/social\?error=SOCIAL_LOGIN_FAILED/);
  await expect(page.getByText('Não foi possível entrar com o provedor. Tente novamente.')).toBeVisible();
  await page.goto('/app/auth/perfil');
  await expect(page).toHaveURL(/\/app\/auth\/login$/);
});
