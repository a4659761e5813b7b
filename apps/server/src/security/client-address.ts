/**
 * The one key every per-address limit counts under (login failures, sign-ups, identifier
 * searches, forgot password): the client's IPv4 address, or its IPv6 /64 network. One IPv6
 * subscriber, and so one attacker, usually holds a whole /64 (2^64 addresses, SLAAC and privacy
 * extensions hand them out freely), so counting single IPv6 addresses would be no limit at all.
 * An IPv4 address mapped into IPv6 (`::ffff:192.0.2.1`, a dual-stack socket) counts as that IPv4.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  // A zone id (`fe80::1%eth0`) names the interface, not the address.
  const plain = address.split('%')[0]!;
  if (!isIPv6(plain)) return null;
  let text = plain.toLowerCase();
  // An embedded IPv4 tail (`::ffff:192.0.2.1`) becomes two groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const zeros = rest === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(zeros).fill('0'), ...right].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group)) ? groups : null;
}

/**
 * `192.0.2.1` → `192.0.2.1`; `2001:db8:1:2:a:b:c:d` → `2001:db8:1:2::/64`; `::ffff:192.0.2.1` →
 * `192.0.2.1`. Anything else (a unix socket, an unparsable proxy header) is kept as given.
 */
export function addressKey(address: string): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The per-address limits' key of the request's client (request.ip, which honours FOYER_TRUST_PROXY). */
export function clientAddressKey(request: Pick<FastifyRequest, 'ip'>): string {
  return addressKey(request.ip);
}
