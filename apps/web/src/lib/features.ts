/**
 * Optional features the server runs with, read from `<meta name="manto-features">` in index.html,
 * which the API fills in when it serves the page (SHOP_ENABLED → "shop"). One build serves every
 * configuration; the flag is never compiled in (docs/decisions/0018-shop.md).
 */
export type Feature = 'shop';

let serverFeatures: Set<Feature> | null = null;

/** A page drawn by the server has no document to read: the server says what it runs with (entry-server.tsx). */
export function setServerFeatures(features: Feature[]): void {
  serverFeatures = new Set(features);
}

export function enabledFeatures(doc: Document | undefined = globalThis.document): Set<Feature> {
  if (!doc) return serverFeatures ?? new Set();
  const content = doc.querySelector('meta[name="manto-features"]')?.getAttribute('content') ?? '';
  return new Set(
    content
      .split(',')
      .map((f) => f.trim())
      .filter((f): f is Feature => f === 'shop'),
  );
}

/** The shop's screens, header link and Sistema section exist only when the server enables them. */
export const shopEnabled = (doc?: Document) => enabledFeatures(doc).has('shop');
