/**
 * The key rate limits count a client address under: an IPv6 address by its /64 (the
 * block one subscriber holds, so rotating through it gains nothing), an IPv4 address
 * (also one mapped into IPv6) as it is. Used by the hosted checkout's card-attempt caps,
 * the dashboard's sign-in budgets and `/oauth/token`'s failure budgets.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The part of a client address that identifies one subscriber: an IPv4 address, or an IPv6 /64. */
export function addressSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
