/**
 * Screenshots of the privacy page for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots privacy
 * Writes <repo>/screenshots/e2e/privacy-<device>-<scheme>-<lang>.png (gitignored), signed out.
 */
import { expect, test } from './support/fixtures.ts';
import { VIEWS, shoot, viewPage } from './support/screenshots.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');

for (const view of VIEWS) {
  test(`privacy ${view.tag}`, async ({ browser, request }) => {
    const page = await viewPage(browser, request, view, {
      baseURL: test.info().project.use.baseURL,
      signedIn: false,
    });
    await page.goto('/app/privacidade');
    await expect(
      page.getByRole('heading', { level: 1, name: view.lang === 'pt' ? 'Privacidade' : 'Privacy' }),
    ).toBeVisible();
    await shoot(page, `privacy-${view.tag}`);
    await page.context().close();
  });
}
