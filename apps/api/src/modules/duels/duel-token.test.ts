import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type DuelClaims, DuelTokens } from './duel-token.ts';

const claims = (): DuelClaims => ({
  duelId: randomUUID(),
  left: randomUUID(),
  right: randomUUID(),
  scope: 'global',
  voterKey: 'v:0b6f4a5e-5d0e-4a8e-9a57-1f1f1f1f1f1f',
  issuedAt: 1_700_000_000_000,
});

describe('duel tokens', () => {
  const tokens = new DuelTokens('a-secret-of-at-least-thirty-two-chars!!', 600_000);

  it('round-trips its claims within the TTL', () => {
    const c = claims();
    expect(tokens.verify(tokens.sign(c), c.issuedAt + 599_999)).toEqual({ ok: true, claims: c });
  });

  it('expires after the TTL', () => {
    const c = claims();
    expect(tokens.verify(tokens.sign(c), c.issuedAt + 600_001)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose claims were edited, even with a re-encoded body', () => {
    const c = claims();
    const [, mac] = tokens.sign(c).split('.');
    const forgedBody = Buffer.from(
      JSON.stringify([c.duelId, c.right, c.left, c.scope, c.voterKey, c.issuedAt]),
    ).toString('base64url');
    expect(tokens.verify(`${forgedBody}.${mac}`, c.issuedAt)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token signed with another secret, garbage and empty strings', () => {
    const c = claims();
    const other = new DuelTokens('another-secret-of-at-least-thirty-two!!', 600_000);
    expect(tokens.verify(other.sign(c), c.issuedAt).ok).toBe(false);
    for (const junk of ['', '.', 'abc', 'abc.def', `${'x'.repeat(40)}.${'y'.repeat(43)}`]) {
      expect(tokens.verify(junk, c.issuedAt)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses a token issued in the future', () => {
    const c = claims();
    expect(tokens.verify(tokens.sign(c), c.issuedAt - 120_000)).toEqual({ ok: false, reason: 'invalid' });
  });
});
