import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { tooManyRequests } from '#lib/app-error.ts';
import type { FailureThrottle, ThrottleRule } from '#lib/throttle.ts';

/**
 * Who may try a password, and how often (docs/security.md item 2, ADR 0011).
 *
 * A browser that signed in to an account before carries a device cookie for it (OWASP "Slow down
 * online guessing attacks with device cookies"): `<device id>.<HMAC(device id, user id)>`, nothing
 * personal in clear. A login that brings a valid one is judged only by that device's own failures,
 * so strangers guessing from anywhere never lock the owner's known browser out. Every other login
 * is "untrusted" and judged per account + IP, per account (all untrusted clients together, which is
 * what slows a guesser rotating IPs) and per IP.
 */
export const LOGIN_LIMITS = { device: 5, accountIp: 5, account: 10, ip: 50 } as const;

export interface LoginAttempt {
  /** The password was right: this attempt stops counting, and the client's own counters start over. */
  succeeded(): Promise<void>;
}

export class LoginThrottle {
  private readonly keyMac: Buffer;
  private readonly deviceMac: Buffer;

  constructor(
    private readonly store: FailureThrottle,
    secret: string,
    private readonly now: () => number,
  ) {
    this.keyMac = createHmac('sha256', secret).update('manto login throttle keys v1').digest();
    this.deviceMac = createHmac('sha256', secret).update('manto device cookie v1').digest();
  }

  /** Counter keys are keyed hashes: no email or IP address is stored in the shared store. */
  private key(kind: string, ...parts: string[]): string {
    return `${kind}:${createHmac('sha256', this.keyMac).update(parts.join('\n')).digest('base64url')}`;
  }

  private mac(deviceId: string, userId: string): Buffer {
    return createHmac('sha256', this.deviceMac).update(`${deviceId}\n${userId}`).digest();
  }

  /** A new device cookie value for a browser that just proved it holds this account. */
  deviceCookie(userId: string): string {
    const deviceId = randomBytes(16).toString('base64url');
    return `${deviceId}.${this.mac(deviceId, userId).toString('base64url')}`;
  }

  /** The device id when `cookie` is a device cookie this server issued for this account. */
  private deviceOf(cookie: string | undefined, userId: string | null): string | null {
    if (!cookie || !userId) return null;
    const [deviceId, mac, ...rest] = cookie.split('.');
    if (!deviceId || !mac || rest.length > 0 || deviceId.length > 64) return null;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(deviceId, userId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
  }

  /**
   * Counts this attempt before the password is checked (docs/security.md item 2); 429 with the
   * seconds to wait when a limit says so. `userId` is null for an unknown email, which is then
   * judged exactly like a known one from an unknown browser (no enumeration).
   */
  async begin(input: { email: string; ip: string; userId: string | null; device?: string }): Promise<LoginAttempt> {
    const deviceId = this.deviceOf(input.device, input.userId);
    const rules: ThrottleRule[] = deviceId
      ? [{ key: this.key('device', input.userId!, deviceId), free: LOGIN_LIMITS.device }]
      : [
          { key: this.key('account-ip', input.email, input.ip), free: LOGIN_LIMITS.accountIp },
          { key: this.key('account', input.email), free: LOGIN_LIMITS.account },
          { key: this.key('ip', input.ip), free: LOGIN_LIMITS.ip },
        ];
    const attemptId = randomBytes(12).toString('base64url');
    const wait = await this.store.attempt(rules, attemptId, this.now());
    if (wait > 0) throw tooManyRequests(wait);
    return {
      succeeded: async () => {
        // The client's own counter (this device, or this account from this IP) starts over; the
        // account-wide and per-IP ones only lose this attempt, so the owner signing in from a new
        // browser during an attack does not hand the guesser fresh free attempts.
        const [own, ...shared] = rules.map((r) => r.key);
        await Promise.all([this.store.reset([own!]), this.store.forgive(shared, attemptId)]);
      },
    };
  }
}
