import { ADMIN, APP_URL, expect, newUser, registerUser, signIn, test, testAddress } from './support/fixtures.ts';

test('an admin makes a member a Moderator in /sistema/usuarios; the member then sees Sistema but not Usuários', async ({
  page,
  browser,
  request,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const member = await registerUser(request, newUser('promoted', { name: `Membro Promovido ${suffix}` }));

  // The member is signed in in another browser (an address of its own, as the test's) while the role changes.
  const memberContext = await browser.newContext({
    baseURL: APP_URL,
    locale: 'pt-BR',
    extraHTTPHeaders: { 'x-forwarded-for': testAddress(test.info().workerIndex) },
  });
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member);
  await memberPage.goto('/app/');
  const memberNav = memberPage.getByRole('navigation', { name: 'Navegação principal' });
  await expect(memberNav.getByRole('link', { name: 'Camisas' })).toBeVisible();
  await expect(memberNav.getByRole('link', { name: 'Sistema' })).toHaveCount(0);

  await test.step('the admin finds the member and grants Moderator, after a confirmation', async () => {
    await signIn(page, ADMIN);
    await page.goto('/app/sistema');
    await page.getByRole('navigation', { name: 'Menu do sistema' }).getByRole('link', { name: 'Usuários' }).click();
    await expect(page).toHaveURL(/\/app\/sistema\/usuarios$/);
    await expect(page.getByRole('heading', { name: 'Usuários', level: 2 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar usuário' }).fill(`promovido ${suffix}`);
    // The search is debounced: the total, not the row (the member is on the unfiltered first page too), shows it ran.
    await expect(page.getByText('1 usuário', { exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: member.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Membro', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Gerenciar ${member.name}` }).click();
    const dialog = page.getByRole('dialog', { name: member.name });
    // The confirmation link signed in once, the sign-in above once more.
    await expect(dialog.getByText('2 sessões')).toBeVisible();
    await expect(dialog.getByText('Recife, PE, Brasil')).toBeVisible();
    await dialog.getByRole('button', { name: 'Tornar Moderador' }).click();
    await expect(dialog.getByText(`Tornar ${member.name} Moderador?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Tornar Moderador' }).click();
    await expect(page.getByText(`${member.name} recebeu o papel de Moderador.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Remover Moderador' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row.getByText('Moderador', { exact: true })).toBeVisible();
  });

  await test.step('after a reload the member sees the Sistema link; Usuários is Acesso Negado', async () => {
    await memberPage.reload();
    const sistema = memberNav.getByRole('link', { name: 'Sistema' });
    await expect(sistema).toBeVisible();
    await sistema.click();
    await expect(memberPage.getByRole('heading', { name: 'Sistema', level: 1 })).toBeVisible();
    const menu = memberPage.getByRole('navigation', { name: 'Menu do sistema' });
    await expect(menu.getByRole('link', { name: 'Torneios' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Usuários' })).toHaveCount(0);

    await memberPage.goto('/app/sistema/usuarios');
    await expect(memberPage.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
    await expect(memberPage.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
  });
  await memberContext.close();
});
