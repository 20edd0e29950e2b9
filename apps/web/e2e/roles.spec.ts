import { ADMIN, expect, loginViaUi, newUser, registerUser, signIn, test } from './support/fixtures.ts';

test('a member without a role is denied the management area and sees no Manager link', async ({ page, request }) => {
  const member = await registerUser(request, newUser('member'));
  await signIn(page, member);
  await page.goto('/app/');
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.getByRole('link', { name: 'Camisas' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sistema' })).toHaveCount(0);

  await page.goto('/app/sistema');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
});

test('the admin sees the Manager link in the header and opens /app/sistema', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/app/');
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  const manager = nav.getByRole('link', { name: 'Sistema' });
  await expect(manager).toBeVisible();
  await manager.click();
  await expect(page).toHaveURL(/\/app\/sistema$/);
  await expect(page.getByRole('heading', { name: 'Sistema', level: 1 })).toBeVisible();
  await expect(page.getByText('Acesso Negado')).toHaveCount(0);
  // Admins also see the mail outbox: nothing has failed in this run.
  const outbox = page.getByRole('region', { name: 'E-mails' });
  await expect(outbox.getByText('0 com falha')).toBeVisible();
  await expect(outbox.getByRole('heading', { name: 'Nenhum e-mail com falha' })).toBeVisible();
});

test('signed out, the profile sends to login and comes back after signing in', async ({ page, request }) => {
  const member = await registerUser(request, newUser('redirect'));
  await page.goto('/app/auth/perfil');
  await expect(page).toHaveURL(/\/app\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/app\/auth\/perfil$/);
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
});

test('an unknown Sistema path is guarded: signed out it asks for login, signed in it is a 404 inside Sistema', async ({
  page,
}) => {
  await page.goto('/app/sistema/nao-existe');
  await expect(page).toHaveURL(/\/app\/auth\/login$/);
  await signIn(page, ADMIN);
  await page.goto('/app/sistema/nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu do sistema' })).toBeVisible();
});
