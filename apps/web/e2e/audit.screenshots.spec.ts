/**
 * Screenshots of /sistema/auditoria for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project=screenshots audit.screenshots
 * Writes <repo>/screenshots/e2e/audit-<device>-<scheme>-<lang>.png (gitignored).
 */
import { adminToken, uniqueSuffix } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';
import { VIEWS, shoot, viewPage } from './support/screenshots.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');

test.beforeAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const team = { country: 'Brasil', city: 'Olinda', baseColor: '#224466', category: 'club' };
  const name = `Clube Auditado ${uniqueSuffix()}`;
  const created = await request.post('/api/manage/teams', { headers, data: { ...team, name } });
  const { id } = (await created.json()) as { id: string };
  await request.put(`/api/manage/teams/${id}`, { headers, data: { ...team, name: `${name} FC`, state: 'PE' } });
  await request.delete(`/api/manage/teams/${id}`, { headers });
});

for (const view of VIEWS) {
  test(`audit ${view.tag}`, async ({ browser, request }) => {
    const page = await viewPage(browser, request, view, { baseURL: test.info().project.use.baseURL });
    await page.goto('/app/sistema/auditoria?tipo=teams');
    // A table on wide screens, cards on a phone.
    await expect(page.getByRole('table').or(page.getByRole('list', { name: /Auditoria|Audit trail/ }))).toBeVisible();
    await shoot(page, `audit-${view.tag}`);
    await page.context().close();
  });
}
