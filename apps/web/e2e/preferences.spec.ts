import { expect, holdFile, menuItem, test } from './support/fixtures.ts';

test('English and the dark theme persist across a reload', async ({ page }) => {
  await page.goto('/app/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'pt');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  await page.getByRole('button', { name: 'Idioma' }).click();
  await menuItem(page.getByRole('menu', { name: 'Idioma' }), 'English').click();
  await expect(html).toHaveAttribute('lang', 'en');
  // A pick closes the menu at once, with the pointer still where it clicked.
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();

  await page.getByRole('button', { name: 'Theme' }).click();
  await menuItem(page.getByRole('menu', { name: 'Theme' }), 'Dark').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('menu')).toHaveCount(0);

  const stored = () =>
    page.evaluate(() => ({
      scheme: localStorage.getItem('manto-color-scheme'),
      lng: localStorage.getItem('i18nextLng'),
    }));
  expect(await stored()).toEqual({ scheme: 'dark', lng: 'en' });

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Jerseys' }),
  ).toBeVisible();
  expect(await stored()).toEqual({ scheme: 'dark', lng: 'en' });
});

test('the language menu pressed while the first page loads opens once its code arrives', async ({ page }) => {
  // A page the browser draws (the public pages come drawn by the server): hold its code (the header is
  // first drawn in the loading fallback, then again in the layout) and the menus' code (loaded at the
  // press), and let each go in turn.
  const releasePage = await holdFile(page, /\/assets\/login-route-[^/]+\.js$/);
  const releaseMenu = await holdFile(page, /\/assets\/menu-code-[^/]+\.js$/);
  await page.goto('/app/auth/login');
  const language = page.getByRole('button', { name: 'Idioma' });
  await language.click();
  releasePage();
  await expect(page.getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
  releaseMenu();
  await expect(language).toHaveAttribute('aria-haspopup', 'menu');
  await expect(menuItem(page.getByRole('menu', { name: 'Idioma' }), 'English')).toBeVisible();
});
