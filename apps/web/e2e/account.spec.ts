import { expect, extractLink, newUser, openUserMenu, readMail, test } from './support/fixtures.ts';

/** A visitor registers, confirms by the mailed link, edits the profile, logs out and back in. */
test('register, confirm by mail, update the profile, log out and log in again', async ({ page }) => {
  const user = newUser('journey', {
    name: 'Marina Souza Lima',
    city: 'Recife',
  });

  await test.step('register through the form', async () => {
    await page.goto('/app/auth/registrar');
    await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Nome completo', exact: true }).fill(user.name);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(user.password);
    await page.getByRole('textbox', { name: 'Confirmar senha', exact: true }).fill(user.password);
    await page.getByRole('textbox', { name: 'Cidade', exact: true }).fill(user.city);
    await page.getByRole('textbox', { name: 'Estado', exact: true }).fill(user.state);
    await page.getByRole('textbox', { name: 'País', exact: true }).fill(user.country);
    await page.getByRole('combobox', { name: 'Gênero' }).click();
    await page.getByRole('option', { name: 'Feminino' }).click();
    const team = page.getByRole('combobox', { name: 'Time do coração' });
    await expect(team).toBeEnabled();
    await team.fill('Flamen');
    await page.getByRole('option', { name: 'Flamengo' }).click();
    await page.getByRole('checkbox', { name: /Li e aceito os/ }).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByRole('heading', { name: 'Confira seu e-mail' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
  });

  await test.step('open the confirmation link from the mail', async () => {
    const mail = await readMail(user.email, 'Confirme seu e-mail no Manto');
    expect(mail.text).toContain(`Olá, ${user.name}!`);
    await page.goto(extractLink(mail.text, '/app/auth/confirmar-email'));
    await expect(page.getByRole('alert').filter({ hasText: 'E-mail confirmado com sucesso.' })).toBeVisible();
    // Signed in, the app goes home after about a second.
    await expect(page).toHaveURL(/\/app\/?$/);
    await expect(page.getByText('Olá, Marina!')).toBeVisible();
    const menu = await openUserMenu(page);
    await expect(menu.getByText(user.name)).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Perfil' }).click();
    await expect(page).toHaveURL(/\/app\/auth\/perfil$/);
  });

  await test.step('change the city and see it kept after a reload', async () => {
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    const city = page.getByRole('textbox', { name: 'Cidade', exact: true });
    await expect(city).toHaveValue('Recife');
    await city.fill('Olinda');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Perfil atualizado.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Cidade', exact: true })).toHaveValue('Olinda');
    await expect(page.getByText('Olinda, PE, Brasil')).toBeVisible();
  });

  await test.step('log out from the user menu', async () => {
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/app\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
    const signedOut = await openUserMenu(page);
    await expect(signedOut.getByRole('menuitem', { name: 'Entrar' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('log in with the password', async () => {
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    // Spec §4: login success goes to '/'. A logout is not a guarded visit, so the profile the
    // user logged out from is not remembered as a place to return to.
    await expect(page).toHaveURL(/\/app\/?$/);
    await expect(page.getByText('Olá, Marina!')).toBeVisible();
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Perfil' })).toBeVisible();
  });
});
