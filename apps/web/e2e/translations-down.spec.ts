import { expect, test } from './support/fixtures.ts';

// docs/product.md §4: translation files load with 5 retries; when they never arrive, the shell
// still speaks Portuguese (bundled) instead of showing raw keys, and no second round of retries starts.
test('with the translation files unreachable the shell shows Portuguese texts, never raw keys', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource: net::ERR_CONNECTION_REFUSED \(.*\/app\/locales\//);
  const reads = new Map<string, number>();
  await page.route('**/app/locales/**', async (route) => {
    const url = new URL(route.request().url()).pathname;
    reads.set(url, (reads.get(url) ?? 0) + 1);
    await route.abort('connectionrefused');
  });
  await page.goto('/app/');
  // Portuguese `common` is bundled, so the banner may already stand beside the page's loader.
  await expect(page.getByText('Carregando...').or(page.getByRole('banner')).first()).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Manto', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  // The page's own namespace is retried (5 times, backing off) before it falls back to the bundled texts.
  await expect(page.getByRole('heading', { name: 'Como funciona' })).toBeVisible({ timeout: 30_000 });
  // The page's own namespace (duels) falls back too, so no raw key like scope.global.title remains.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Ranking|Duelo|Compare/);
  await expect(page.getByText(/^(brand|nav|home|scope)\./)).toHaveCount(0);
  await expect(page.getByText(/^loading$/)).toHaveCount(0);
  // Let any late retry round show itself, then count: one load plus at most 5 retries per file.
  await page.waitForTimeout(12_000);
  for (const [url, n] of reads) expect(n, url).toBeLessThanOrEqual(6);
});
