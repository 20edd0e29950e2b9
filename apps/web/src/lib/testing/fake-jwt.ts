/** Test helpers: unsigned JWT-shaped tokens and an in-memory Storage. */
const base64url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export { base64url };

export function fakeJwt(payload: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.signature`;
}

/** A token expiring `seconds` from `now` (negative: already expired). */
export function jwtExpiringIn(seconds: number, now = Date.now(), extra: Record<string, unknown> = {}): string {
  return fakeJwt({ exp: Math.floor(now / 1000) + seconds, ...extra });
}

export class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
}
