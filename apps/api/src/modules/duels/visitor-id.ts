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

/**
 * How many verified ids are remembered (about 2 MB at most): every duel and vote request carries its
 * visitor's id, and an HMAC was about a tenth of a next-duel request's time (docs/perf/README.md).
 */
const VERIFIED_MAX = 10_000;

export class VisitorIds {
  private readonly key: Buffer;
  /**
   * Ids this process has verified → their uuid, oldest first. Only ids whose MAC checked out are kept, by
   * their exact text, so a hit answers what the HMAC would: the key never changes in a process. When full
   * the oldest is dropped (a voter still active is verified again, once).
   */
  private readonly verified = new Map<string, string>();

  constructor(
    secret: string,
    private readonly verifiedMax = VERIFIED_MAX,
  ) {
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
    if (id === undefined) return null;
    const known = this.verified.get(id);
    if (known !== undefined) return known;
    const m = FORMAT.exec(id);
    if (!m) return null;
    const given = Buffer.from(m[2]!, 'base64url');
    const expected = this.mac(`${VISITOR_ID_VERSION}.${m[1]}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (this.verified.size >= this.verifiedMax) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(id, m[1]!);
    return m[1]!;
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}
