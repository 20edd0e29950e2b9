import { expect, test } from './support/fixtures.ts';

// docs/product.md §4: translation files load with 5 retries; when they never arrive, the shell
// still speaks Portuguese (bundled) instead of showing raw keys, and no second round of retries starts.
// The retries back off on the page's clock (350 ms doubling: about 11 s in all), so the page runs on
// Playwright's clock and the test moves it forward instead of waiting.
test('with the translation files unreachable the shell shows Portuguese texts, never raw keys', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource: net::ERR_CONNECTION_REFUSED \(.*\/app\/locales\//);
  const reads = new Map<string, number>();
  let pending = 0;
  await page.route('**/app/locales/**', async (route) => {
    pending++;
    const url = new URL(route.request().url()).pathname;
    reads.set(url, (reads.get(url) ?? 0) + 1);
    await route.abort('connectionrefused');
    pending--;
  });
  await page.clock.install();
  await page.goto('/app/');
  // Portuguese `common` is bundled, so the banner may already stand beside the page's loader.
  await expect(page.getByText('Carregando...').or(page.getByRole('banner')).first()).toBeVisible();
  const banner = page.getByRole('banner');
  const heading = page.getByRole('heading', { name: 'Como funciona' });

  /** A second of the page's time: the retries due in it fire; then their refused reads are answered. */
  const tick = async () => {
    await page.clock.runFor(1_000);
    await expect.poll(() => pending).toBe(0);
  };
  // The page's own namespace is retried (5 times, backing off) before it falls back to the bundled texts.
  await expect(async () => {
    await tick();
    await expect(heading).toBeVisible({ timeout: 500 });
  }).toPass({ intervals: [0], timeout: 60_000 });
  await expect(banner.getByText('Manto', { exact: true }).first()).toBeVisible();
  // The page's own namespace (duels) falls back too, so no raw key like scope.global.title remains.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Ranking|Duelo|Compare/);
  await expect(page.getByText(/^(brand|nav|home|scope)\./)).toHaveCount(0);
  await expect(page.getByText(/^loading$/)).toHaveCount(0);

  // Another 30 s of the page's time for any late retry round to show itself, then count: the file that
  // fell back was read once plus 5 retries, and none more than that.
  for (let second = 0; second < 30; second++) await tick();
  const counts = [...reads.values()];
  expect(Math.max(...counts), JSON.stringify([...reads])).toBe(6);
  for (const [url, n] of reads) expect(n, url).toBeLessThanOrEqual(6);
});
