import { type Page, expect } from '@playwright/test';

/**
 * Goes to `path` the way a click inside the app does, so the browser asks the API for the page's answers
 * itself: an address opened directly may come drawn by the server with its answers (ADR 0038), out of reach
 * of `page.route`. Starts from the sign-in page (drawn by the browser: once its heading shows, the app runs).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  if (!/\/app\//.test(page.url())) {
    await page.goto('/app/auth/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}
