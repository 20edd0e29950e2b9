// Its own module (no zod), so a client reads it without the schemas.

/**
 * Visitors identify themselves with an id the server issued (POST /api/duels/visitor), kept in local storage
 * and sent in this header (docs/ranking.md §1).
 */
export const VOTER_HEADER = 'x-voter-id';
/** Signed visitor ids start with this version tag; anything else (an old browser-made UUID) is replaced. */
export const VISITOR_ID_PREFIX = 'v1.';

/**
 * A cookie the web app keeps in step with who is voting, so the server can draw the home page's duel for
 * them (docs/decisions/0039-the-home-duel-drawn-by-the-server.md): `member` for a signed-in member (the
 * browser draws theirs), else the visitor's id. It grants nothing: votes still carry the header above.
 */
export const VIEWER_COOKIE = 'manto_viewer';
export const MEMBER_VIEWER = 'member';
