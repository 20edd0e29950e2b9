import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Visitor ids (docs/ranking.md §1): `v1.<uuid>.<mac>`, where the mac is HMAC-SHA256 of `v1.<uuid>` under a key
 * derived from the server secret, truncated to 128 bits (base64url). Only the server can make one, so a
 * visitor's identity costs a request to POST /api/duels/visitor, which is rate-limited per address. The
 * voter key stays `v:<uuid>`, as it was for browser-made ids. `v1` names the format and key, so either can
 * change later without ambiguity.
 */
export const VISITOR_ID_VERSION = 'v1';
const MAC_BYTES = 16;
const FORMAT = /^v1\.([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\.([A-Za-z0-9_-]{22})$/;

export class VisitorIds {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, so a visitor id can never pass as a duel token or any other signed value.
    this.key = createHmac('sha256', secret).update('manto visitor id v1').digest();
  }

  /** A signed id; tests pass their own uuid to know the voter key in advance. */
  issue(uuid: string = randomUUID()): string {
    const body = `${VISITOR_ID_VERSION}.${uuid}`;
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** The id's uuid when the server signed it, else null (missing, unsigned, edited, another format). */
  verify(id: string | undefined): string | null {
    const m = id === undefined ? null : FORMAT.exec(id);
    if (!m) return null;
    const given = Buffer.from(m[2]!, 'base64url');
    const expected = this.mac(`${VISITOR_ID_VERSION}.${m[1]}`);
    return given.length === expected.length && timingSafeEqual(given, expected) ? m[1]! : null;
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}
