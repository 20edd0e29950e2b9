import { expectNoSeriousA11yViolations, expect, loginViaUi, newUser, registerUser, test } from './support/fixtures.ts';

test.describe('no serious or critical axe violations', () => {
  test('home', async ({ page }) => {
    await page.goto('/app/');
    await expect(page.getByRole('heading', { name: 'Como funciona' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'home');
  });

  test('home with the header menus and the mobile drawer open', async ({ page }) => {
    await page.goto('/app/');
    for (const name of ['Idioma', 'Tema', 'Conta']) {
      await page.getByRole('button', { name }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `home, menu '${name}' open`, {
        soft: true,
      });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu de navegação' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu de navegação' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'home, navigation drawer open', {
      soft: true,
    });
  });

  test('login', async ({ page }) => {
    await page.goto('/app/auth/login');
    await expect(page.getByRole('link', { name: 'Entrar com Google' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login');
  });

  test('register', async ({ page }) => {
    await page.goto('/app/auth/registrar');
    await expect(page.getByRole('combobox', { name: 'Time do coração' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'register');
  });

  test('profile, light and dark', async ({ page, request }) => {
    const user = await registerUser(request, newUser('a11y'));
    await page.goto('/app/auth/perfil');
    await expect(page).toHaveURL(/\/app\/auth\/login$/);
    await loginViaUi(page, user.email, user.password);
    await expect(page).toHaveURL(/\/app\/auth\/perfil$/);
    await expect(page.getByRole('heading', { name: 'Atualizar perfil' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile (light)');
    await page.evaluate(() => localStorage.setItem('manto-color-scheme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('heading', { name: 'Atualizar perfil' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile (dark)');
  });
});
