import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs, shortError } from './sender.ts';

describe('mail retries', () => {
  it('doubles from 30 s, caps at 30 min, spreads ±20%, and spans about an hour before the dead letter', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, middle) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1800, 1800,
    ]);
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 1)).toBe(36_000);
    let total = 0;
    for (let n = 1; n < MAX_ATTEMPTS; n++) total += retryDelayMs(n, middle);
    expect(total / 60_000).toBeGreaterThan(55);
    expect(total / 60_000).toBeLessThan(70);
  });

  it('keeps a transport error short and without the credentials of an SMTP URL', () => {
    const err = Object.assign(new Error('Invalid login: 535 for smtp://user:s3cret@mail.example:587'), {
      code: 'EAUTH',
      responseCode: 535,
    });
    const short = shortError(err);
    expect(short).toBe('EAUTH 535: Invalid login: 535 for smtp://***@mail.example:587');
    expect(shortError(new Error('x'.repeat(500)))).toHaveLength(200);
  });
});
