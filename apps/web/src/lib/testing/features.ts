/**
 * Plays the server's runtime flag: the `<meta name="manto-features">` the API fills in index.html
 * (lib/features.ts). `null` removes the meta, as a page served without it.
 */
export function setShop(on: boolean | null): void {
  document.head.querySelector('meta[name="manto-features"]')?.remove();
  if (on === null) return;
  const meta = document.createElement('meta');
  meta.name = 'manto-features';
  meta.content = on ? 'shop' : '';
  document.head.append(meta);
}
