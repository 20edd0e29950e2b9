import { describe, expect, it } from 'vitest';
import { base64url, fakeJwt } from './testing/fake-jwt.ts';
import { decodeJwtPayload, isTokenExpired, tokenExpiresAt } from './token-expiry.ts';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

describe('token expiry from the exp claim', () => {
  it('treats a token whose exp is in the future as valid', () => {
    expect(isTokenExpired(fakeJwt({ exp: seconds(NOW) + 600 }), NOW)).toBe(false);
  });

  it('treats a token whose exp has passed as expired', () => {
    expect(isTokenExpired(fakeJwt({ exp: seconds(NOW) - 1 }), NOW)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: seconds(NOW) }), NOW)).toBe(true);
  });

  it('treats a token without exp as expired', () => {
    expect(isTokenExpired(fakeJwt({ sub: 'user' }), NOW)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: 'tomorrow' }), NOW)).toBe(true);
  });

  it('treats missing and undecodable tokens as expired', () => {
    for (const token of [
      null,
      undefined,
      '',
      'garbage',
      'a.b.c',
      'a.!!!.c',
      `x.${base64url('[1,2]')}.y`,
      `x.${base64url('null')}.y`,
    ]) {
      expect(isTokenExpired(token, NOW)).toBe(true);
    }
  });

  it('honours a leeway before exp', () => {
    const token = fakeJwt({ exp: seconds(NOW) + 3 });
    expect(isTokenExpired(token, NOW)).toBe(false);
    expect(isTokenExpired(token, NOW, 5_000)).toBe(true);
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const token = fakeJwt({ exp: 1, name: 'João ção' });
    expect(decodeJwtPayload(token)).toMatchObject({ name: 'João ção' });
    expect(tokenExpiresAt(token)).toBe(1000);
  });
});
