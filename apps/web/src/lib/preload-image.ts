import type { ImageRef } from '@manto/contracts';

/**
 * Fetches and decodes an image the way an <img> with the same `sizes` will ask for it, so it appears
 * from cache (the next duel; a jersey page's picture while the page renders). `high`: the page's largest
 * paint, fetched before other pictures. Resolves (never rejects) when decoded, failed, or after `timeoutMs`.
 */
export function preloadImage(
  image: ImageRef | null,
  sizes: string,
  timeoutMs: number,
  priority: 'high' | 'auto' = 'auto',
): Promise<void> {
  if (!image || typeof Image === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const img = new Image();
    img.decoding = 'async';
    img.fetchPriority = priority;
    // sizes before srcset, so the browser picks the candidate the real element will pick.
    img.sizes = sizes;
    img.srcset = image.srcSet;
    img.src = image.src;
    if (typeof img.decode === 'function') img.decode().then(done, done);
    else {
      img.onload = done;
      img.onerror = done;
    }
  });
}

/** Both jerseys' images of a duel, in parallel. */
export function preloadPair(images: (ImageRef | null)[], sizes: string, timeoutMs: number): Promise<void> {
  return Promise.all(images.map((image) => preloadImage(image, sizes, timeoutMs))).then(() => undefined);
}
