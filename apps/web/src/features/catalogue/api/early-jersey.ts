import type { ImageRef } from '@manto/contracts';
import { api } from '#lib/api.ts';
import { preloadImage } from '#lib/preload-image.ts';
import { JERSEY_IMAGE_SIZES } from '../lib/picture-sizes.ts';

// The jersey's request without zod, so the router can start it with the first screen.

/** The path of GET a jersey (catalogue-api.ts, getJersey): the primed and the screen's request must match. */
export const jerseyPath = (teamSlug: string, jerseySlug: string) =>
  `/catalogue/teams/${encodeURIComponent(teamSlug)}/jerseys/${encodeURIComponent(jerseySlug)}`;

/** How long the early download is waited for: nothing waits on it, this only bounds its timer. */
const PICTURE_WAIT_MS = 10_000;

const imageOf = (answer: unknown): ImageRef | null => {
  const image = (answer as { image?: Partial<ImageRef> | null } | null | undefined)?.image;
  return image && typeof image.src === 'string' && typeof image.srcSet === 'string' ? (image as ImageRef) : null;
};

/**
 * Asks for the jersey a jersey page's address names while the page's code loads; the page's query
 * takes the answer (lib/api-client.ts, prime). Its picture is the page's largest paint: its download
 * starts as soon as the answer names it, not once the page has rendered (docs/perf/first-screen.md). For a
 * jersey page the browser draws itself: the server draws them (ADR 0038) unless it has no renderer.
 */
export function primeJersey(pathname: string): void {
  const match = /^\/app\/camisas\/time\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return;
  let answer: Promise<unknown>;
  try {
    answer = api.prime(jerseyPath(decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)));
  } catch {
    // A malformed address: the page asks itself, and answers not found.
    return;
  }
  void answer.then((jersey) => preloadImage(imageOf(jersey), JERSEY_IMAGE_SIZES, PICTURE_WAIT_MS, 'high'));
}
