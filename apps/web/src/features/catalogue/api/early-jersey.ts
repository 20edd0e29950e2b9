import { api } from '#lib/api.ts';

// The jersey's request without zod, so the router can start it with the first screen.

/** The path of GET a jersey (catalogue-api.ts, getJersey): the primed and the screen's request must match. */
export const jerseyPath = (teamSlug: string, jerseySlug: string) =>
  `/catalogue/teams/${encodeURIComponent(teamSlug)}/jerseys/${encodeURIComponent(jerseySlug)}`;

/**
 * Asks for the jersey a jersey page's address names while the page's code loads; the page's query
 * takes the answer (lib/api-client.ts, prime). Its picture is the page's largest paint.
 */
export function primeJersey(pathname: string): void {
  const match = /^\/app\/camisas\/time\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return;
  try {
    api.prime(jerseyPath(decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)));
  } catch {
    // A malformed address: the page asks itself, and answers not found.
  }
}
