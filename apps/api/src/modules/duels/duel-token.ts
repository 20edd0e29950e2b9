import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Duel tokens (docs/ranking.md §1): `base64url(JSON claims) . base64url(HMAC-SHA256)`. Stateless, so issuing
 * a duel needs no database round trip; single use is enforced by the votes table's unique duel id.
 */
export interface DuelClaims {
  /** Duel id, 128 random bits (a UUID). */
  readonly duelId: string;
  readonly left: string;
  readonly right: string;
  readonly scope: string;
  readonly voterKey: string;
  /** Milliseconds since the epoch. */
  readonly issuedAt: number;
}

export type TokenCheck = { ok: true; claims: DuelClaims } | { ok: false; reason: 'invalid' | 'expired' };

export class DuelTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlMs: number,
  ) {
    // A key of its own, derived from the server secret, so a duel token can never pass as another token.
    this.key = createHmac('sha256', secret).update('manto duel token v1').digest();
  }

  sign(claims: DuelClaims): string {
    const body = Buffer.from(
      JSON.stringify([claims.duelId, claims.left, claims.right, claims.scope, claims.voterKey, claims.issuedAt]),
    ).toString('base64url');
    return `${body}.${createHmac('sha256', this.key).update(body).digest('base64url')}`;
  }

  verify(token: string, now: number): TokenCheck {
    const dot = token.indexOf('.');
    if (dot <= 0) return { ok: false, reason: 'invalid' };
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = this.mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    const claims = decode(body);
    if (!claims) return { ok: false, reason: 'invalid' };
    if (now - claims.issuedAt > this.ttlMs) return { ok: false, reason: 'expired' };
    // A token from the future means a forged clock or a skewed server: refuse it.
    if (claims.issuedAt - now > 60_000) return { ok: false, reason: 'invalid' };
    return { ok: true, claims };
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decode(body: string): DuelClaims | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 6) return null;
  const [duelId, left, right, scope, voterKey, issuedAt] = value as unknown[];
  const ok =
    typeof duelId === 'string' &&
    UUID.test(duelId) &&
    typeof left === 'string' &&
    UUID.test(left) &&
    typeof right === 'string' &&
    UUID.test(right) &&
    left !== right &&
    typeof scope === 'string' &&
    typeof voterKey === 'string' &&
    typeof issuedAt === 'number' &&
    Number.isSafeInteger(issuedAt);
  return ok ? { duelId, left, right, scope, voterKey, issuedAt } : null;
}
