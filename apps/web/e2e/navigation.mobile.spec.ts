import { expect, test } from './support/fixtures.ts';

test('at 390 px the navigation lives in a right-side drawer opened by the burger', async ({ page }) => {
  await page.goto('/app/');
  const burger = page.getByRole('button', { name: 'Menu de navegação' });
  await expect(burger).toBeVisible();
  // The inline navigation is hidden at this width.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Camisas' })).toBeHidden();

  await burger.click();
  const drawer = page.getByRole('dialog', { name: 'Menu de navegação' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Ranking global' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Camisas' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Sistema' })).toHaveCount(0);
  // Right side, size 'xs' (320 px): the panel touches the right edge and leaves the left uncovered.
  // (polled: the drawer slides in.)
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return (
        box && {
          right: Math.round(box.x + box.width),
          width: Math.round(box.width),
        }
      );
    })
    .toEqual({ right: 390, width: 320 });

  await drawer.getByRole('link', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/app\/auth\/login$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();

  await burger.click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Registrar' }).click();
  await expect(page).toHaveURL(/\/app\/auth\/registrar$/);
  await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();

  await burger.click();
  await page
    .getByRole('dialog', { name: 'Menu de navegação' })
    .getByRole('link', { name: 'Comparação global' })
    .click();
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(drawer).toBeHidden();
});
