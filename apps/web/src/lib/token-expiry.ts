/** Reads the payload of a JWT (base64url JSON); null when it cannot be decoded. */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The access token's expiry in epoch milliseconds, or null when it has no usable exp claim. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * Spec section 5: expiry is judged from the exp claim; a missing or undecodable token counts as
 * expired. `leewayMs` treats a token about to expire as expired, so it does not die in transit.
 */
export function isTokenExpired(token: string | null | undefined, now = Date.now(), leewayMs = 0): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null || expiresAt - leewayMs <= now;
}
