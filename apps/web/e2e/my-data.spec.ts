/**
 * LGPD self-service end to end: a member sends a feedback, downloads their data from the profile and
 * finds their profile and that feedback in the JSON; a wrong password deletes nothing; the right one
 * deletes the account, signs them out, and the credentials no longer open the login form. (Axe on the
 * profile and the dialog: a11y.spec.ts.)
 */
import { readFile } from 'node:fs/promises';
import { expect, newUser, openUserMenu, registerUser, signIn, test } from './support/fixtures.ts';

test('a member downloads their data, then deletes the account with the current password', async ({
  page,
  request,
  consoleErrors,
}) => {
  const user = await registerUser(request, newUser('lgpd', { name: 'Lara Gomes' }));
  const title = `Quero baixar meus dados ${Date.now().toString(36)}`;
  // The refused deletion (400) and the refused sign-in (401) are expected.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 40[01]/);

  await test.step('sign in and send a feedback', async () => {
    await signIn(page, user);
    await page.goto('/app/');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Enviar feedback' }).click();
    const form = page.getByRole('dialog', { name: 'Enviar feedback' });
    await form.getByRole('radio', { name: 'Sugestão' }).check();
    await form.getByRole('textbox', { name: /^Título/ }).fill(title);
    await form.getByRole('textbox', { name: /^Mensagem/ }).fill('Um botão para baixar tudo o que vocês guardam.');
    await form.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByText('Feedback enviado. Obrigado!')).toBeVisible();
    await expect(form).toBeHidden();
  });

  await test.step('the profile shows both cards', async () => {
    await (await openUserMenu(page)).getByRole('menuitem', { name: 'Perfil' }).click();
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Seus dados' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Excluir minha conta' })).toBeVisible();
  });

  await test.step('"Baixar meus dados" downloads the profile and the feedback as JSON', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar meus dados' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('manto-meus-dados.json');
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      profile: { email: string; name: string; city: string | null };
      feedbacks: { title: string; type: string }[];
      votes: unknown[];
    };
    expect(data.profile).toMatchObject({ email: user.email, name: user.name, city: user.city });
    expect(data.feedbacks).toEqual([expect.objectContaining({ title, type: 'suggestion' })]);
    expect(data.votes).toEqual([]);
  });

  const deleteDialog = page.getByRole('dialog', { name: 'Excluir sua conta?' });
  const password = deleteDialog.getByLabel('Sua senha atual');

  await test.step('a wrong password shows the error on the field and deletes nothing', async () => {
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    await expect(deleteDialog).toBeVisible();
    await password.fill(`${user.password}-errada`);
    await deleteDialog.getByRole('button', { name: 'Excluir para sempre' }).click();
    await expect(deleteDialog.getByText('A senha atual está incorreta.')).toBeVisible();
    // The text button, not the close (×) one that shares its name.
    await deleteDialog.getByRole('button', { name: 'Cancelar' }).filter({ hasText: 'Cancelar' }).click();
    await expect(deleteDialog).toBeHidden();
    // Still signed in, the profile still there.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
  });

  await test.step('the right password deletes the account and signs out', async () => {
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    await password.fill(user.password);
    await deleteDialog.getByRole('button', { name: 'Excluir para sempre' }).click();
    await expect(
      page.getByText('Sua conta foi excluída. Seus votos continuam contando, sem ligação com você.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/app\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Entrar' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('the old credentials no longer sign in', async () => {
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou senha inválidos.' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login/);
  });
});
