import { expect, loginViaUi, newUser, openUserMenu, registerUser, test } from './support/fixtures.ts';

test('a stranger guessing the password slows their own browser down, not the one the owner signed in from', async ({
  page,
  browser,
  request,
}) => {
  const owner = await registerUser(request, newUser('known-device'));
  await loginViaUi(page, owner.email, owner.password);
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/app\/auth\/login$/);

  // The stranger's browser (same machine, so the same address as the owner's) keeps guessing, waiting
  // out each Retry-After, until 9 wrong guesses have counted: the next attempt must wait 16 s.
  const stranger = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await stranger.goto('/app/auth/login');
  const counted = await stranger.evaluate(async (email) => {
    let wrong = 0;
    for (let i = 0; wrong < 9 && i < 30; i++) {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `stranger-guess-${i}` }),
      });
      if (res.status === 401) wrong += 1;
      else if (res.status === 429)
        await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000));
      else return -res.status;
    }
    return wrong;
  }, owner.email);
  expect(counted).toBe(9);
  // Now that browser is asked to wait, even with the right password, with the usual message…
  await stranger.getByRole('textbox', { name: 'E-mail', exact: true }).fill(owner.email);
  await stranger.getByRole('textbox', { name: 'Senha', exact: true }).fill(owner.password);
  await stranger.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(stranger.getByText(/Muitas tentativas\. Aguarde \d+ segundos/)).toBeVisible();
  await stranger.close();

  // …while the owner's browser, which kept its device cookie, signs in at once.
  await loginViaUi(page, owner.email, owner.password);
  await expect(page.getByText('Olá, Joana!')).toBeVisible();
});
