import { describe, expect, it } from 'vitest';
import { clientPlace } from './network.ts';

describe('client address and network (docs/ranking.md §6)', () => {
  it('keys IPv4 by the address and its /24', () => {
    expect(clientPlace('203.0.113.7')).toEqual({ address: '203.0.113.7', network: '203.0.113.0/24' });
  });

  it('treats IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(clientPlace('::ffff:203.0.113.7')).toEqual(clientPlace('203.0.113.7'));
    expect(clientPlace('::FFFF:cb00:7107')).toEqual(clientPlace('203.0.113.7'));
  });

  it('keys IPv6 by its /64 at both grains, whatever the host part, zone or spelling', () => {
    const a = clientPlace('2001:db8:1:2::1');
    expect(a).toEqual({ address: '2001:db8:1:2::/64', network: '2001:db8:1:2::/64' });
    expect(clientPlace('2001:0db8:0001:0002:abcd:ef01:2345:6789')).toEqual(a);
    expect(clientPlace('2001:db8:1:2:ffff:ffff:ffff:ffff%eth0')).toEqual(a);
    expect(clientPlace('2001:db8:1:3::1').network).not.toBe(a.network);
    expect(clientPlace('::1')).toEqual({ address: '0:0:0:0::/64', network: '0:0:0:0::/64' });
    expect(clientPlace('64:ff9b::192.0.2.1').network).toBe('64:ff9b:0:0::/64');
  });

  it('keys what does not parse as itself', () => {
    expect(clientPlace('unknown')).toEqual({ address: 'unknown', network: 'unknown' });
  });
});
