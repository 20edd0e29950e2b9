import { expect, loginViaUi, newUser, openUserMenu, registerUser, signIn, test } from './support/fixtures.ts';

// The stack sets LOGIN_BACKOFF_MS=60000 (support/stack.ts): after the five free wrong guesses from an unknown
// browser, the next attempt waits 60 s at once, so the journey reaches the wait without waiting. How the wait
// doubles with each further failure is checked on the API's test clock (apps/api/src/lib/throttle.int.test.ts).
test('a stranger guessing the password slows their own browser down, not the one the owner signed in from', async ({
  page,
  browser,
  request,
  extraHTTPHeaders,
}) => {
  const owner = await registerUser(request, newUser('known-device'));
  // The owner's browser signs in (it keeps a device cookie for the account), then signs out.
  await signIn(page, owner);
  await page.goto('/app/');
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/app\/auth\/login$/);

  // The stranger's browser, from the same address as the owner's, guesses five times: all counted.
  const stranger = await browser.newPage({ baseURL: new URL(page.url()).origin, extraHTTPHeaders });
  await stranger.goto('/app/auth/login');
  const answers = await stranger.evaluate(async (email) => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `stranger-guess-${i}` }),
      });
      statuses.push(res.status);
    }
    return statuses;
  }, owner.email);
  expect(answers).toEqual([401, 401, 401, 401, 401]);
  // Now that browser is asked to wait, even with the right password, with the usual message…
  await stranger.getByRole('textbox', { name: 'E-mail', exact: true }).fill(owner.email);
  await stranger.getByRole('textbox', { name: 'Senha', exact: true }).fill(owner.password);
  await stranger.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(stranger.getByText(/Muitas tentativas\. Aguarde \d+ segundos/)).toBeVisible();
  await stranger.close();

  // …while the owner's browser, which kept its device cookie, signs in through the form at once.
  await loginViaUi(page, owner.email, owner.password);
  await expect(page.getByText('Olá, Joana!')).toBeVisible();
});
