// Its own module (no zod), so a client reads it without the schemas.

/**
 * Visitors identify themselves with an id the server issued (POST /api/duels/visitor), kept in local storage
 * and sent in this header (docs/ranking.md §1).
 */
export const VOTER_HEADER = 'x-voter-id';
/** Signed visitor ids start with this version tag; anything else (an old browser-made UUID) is replaced. */
export const VISITOR_ID_PREFIX = 'v1.';
