import { isIPv4, isIPv6 } from 'node:net';

/**
 * Where a request comes from, at the two grains the vote limits use (docs/ranking.md §6):
 *
 * - the **address**: an IPv4 address as is; for IPv6 its /64, because a host picks any address in its
 *   /64 at will (privacy extensions rotate it daily), so a per-/128 key would be free to dodge;
 * - the **network**: the IPv4 /24, or the IPv6 /64 — one office, one street's NAT pool, one household.
 *
 * An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 clients) is the IPv4
 * address. Anything that does not parse keys as itself, so it still gets a limit of its own.
 */
export interface ClientPlace {
  address: string;
  network: string;
}

export function clientPlace(ip: string): ClientPlace {
  const v4 = ipv4Of(ip);
  if (v4) return { address: v4.join('.'), network: `${v4.slice(0, 3).join('.')}.0/24` };
  const v6 = ipv6Groups(ip);
  if (v6) {
    const prefix = `${v6
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':')}::/64`;
    return { address: prefix, network: prefix };
  }
  return { address: ip, network: ip };
}

/** The four bytes of an IPv4 address, also when written as IPv4-mapped IPv6; else null. */
function ipv4Of(ip: string): number[] | null {
  if (isIPv4(ip)) return ip.split('.').map(Number);
  const g = ipv6Groups(ip);
  if (g && g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff];
  return null;
}

/** The eight 16-bit groups of an IPv6 address (zone dropped, `::` expanded, a dotted tail converted). */
function ipv6Groups(raw: string): number[] | null {
  const ip = raw.replace(/%.*$/, '');
  if (!isIPv6(ip)) return null;
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const b = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const part = (s: string | null | undefined) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const groups = tail === null ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
