import { seedCatalogue } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';

// Where the browser has no share sheet (desktop Chromium on Linux), "Compartilhar" is a menu: copy link,
// WhatsApp, X and Facebook, each with the page's address.
test('a jersey is shared by its address: copied to the clipboard, or sent to WhatsApp, X or Facebook', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const cat = await seedCatalogue(request, {
    teams: [{ name: 'Partilha FC', jerseys: [{ model: 'Titular', season: 2024 }] }],
  });
  const team = cat.teams[0]!;
  const path = `/app/camisas/time/${team.slug}/${team.jerseys[0]!.slug}`;
  await page.goto(path);
  await page.getByRole('button', { name: 'Compartilhar' }).click();
  const address = new URL(path, page.url()).toString();
  await expect(page.getByRole('menuitem', { name: 'WhatsApp (abre em nova aba)' })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`Camisa ${team.name} 2024 · Titular ${cat.suffix} no Manto ${address}`)}`,
  );
  await expect(page.getByRole('menuitem', { name: 'Facebook (abre em nova aba)' })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(address)}`,
  );
  await page.getByRole('menuitem', { name: 'Copiar link' }).click();
  await expect(page.getByText('Link copiado.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
});
