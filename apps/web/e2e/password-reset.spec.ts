import { expect, extractLink, loginViaUi, newUser, readMail, registerUser, test } from './support/fixtures.ts';

test('forgot password: reset by the mailed link, then only the new password works', async ({
  page,
  request,
  consoleErrors,
}) => {
  const user = await registerUser(request, newUser('reset'));
  const newPassword = `Nova-camisa-${Date.now().toString(36)}`;

  await test.step('ask for a reset link', async () => {
    await page.goto('/app/auth/login');
    await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    await expect(page).toHaveURL(/\/app\/auth\/esqueci-senha$/);
    // The address changes before the new screen commits: until then the login form's own E-mail field
    // is still there to fill.
    await expect(page.getByRole('heading', { name: 'Esqueceu a senha?' })).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'E-mail enviado com sucesso.' })).toBeVisible();
  });

  await test.step('set a new password through the link', async () => {
    const mail = await readMail(user.email, 'Redefinição de senha do Manto');
    await page.goto(extractLink(mail.text, '/app/auth/redefinir-senha'));
    await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirmar senha', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Senha redefinida' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/auth\/login$/);
  });

  await test.step('the old password is refused', async () => {
    // Chromium logs the refused login's 401 as a console error; that one is expected.
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 401/);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou senha inválidos.' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/auth\/login$/);
  });

  await test.step('the new password signs in', async () => {
    await loginViaUi(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/app\/?$/);
    await expect(page.getByText('Olá, Joana!')).toBeVisible();
  });
});
