/**
 * Where webhooks may go (SSRF protection): in production only `https` URLs,
 * and never to loopback, private, link-local, carrier-grade NAT, multicast or
 * cloud metadata addresses, checked at registration and again at every
 * delivery after DNS resolution (the connection uses the checked address, so
 * DNS rebinding cannot swap it). The sandbox may allow private addresses so a
 * developer's localhost receiver works (WEBHOOK_ALLOW_PRIVATE_URLS).
 *
 * IPv6 forms that carry an IPv4 address are judged by it (IPv4-mapped
 * `::ffff:a.b.c.d`) or refused outright (the deprecated IPv4-compatible
 * `::a.b.c.d`, range `::/96`, and the translation and tunnel ranges, which
 * ipaddr.js does not call `unicast`). Ports: 80, 443 and 1024 to 65535 only,
 * never a well-known service port (SSH, SMTP, ...), in every environment.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface UrlPolicy {
  requireHttps: boolean;
  allowPrivate: boolean;
}

const PUBLIC_RANGES = new Set(['unicast']);

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // Canonical IPv6 text first (the URL standard's): ipaddr.js reads `::a.b.c.d` as IPv4-mapped.
  let parsed = ipaddr.parse(isIP(address) === 6 ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    // ::/96, IPv4-compatible (RFC 4291 2.5.5.1, deprecated): `::7f00:1` is 127.0.0.1 to some stacks.
    else if (v6.parts.slice(0, 6).every((p) => p === 0)) return false;
  }
  // ipaddr's range() names private, loopback, linkLocal (169.254/16: metadata), carrierGradeNat, uniqueLocal, ...
  return PUBLIC_RANGES.has(parsed.range());
}

/** `url.port` is '' for the scheme's default (80, 443). */
function allowedPort(port: string): boolean {
  if (port === '') return true;
  const n = Number(port);
  return n === 80 || n === 443 || (n >= 1024 && n <= 65535);
}

/** Problems with a URL's form (no DNS): an empty list means acceptable so far. */
export function urlProblems(raw: string, policy: UrlPolicy): string[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return ['must be an absolute URL'];
  }
  const problems: string[] = [];
  if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push('must be an http(s) URL');
  if (policy.requireHttps && url.protocol !== 'https:') problems.push('must use https');
  if (url.username || url.password) problems.push('must not contain credentials');
  if (!allowedPort(url.port)) problems.push('must use port 80, 443 or 1024 to 65535');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && !isPublicAddress(host)))) {
    problems.push('must not point to a private, loopback, link-local or metadata address');
  }
  return problems;
}

/** Resolves the URL's host and refuses when any address is not public (unless allowed). */
export async function resolvedProblems(raw: string, policy: UrlPolicy): Promise<string[]> {
  if (policy.allowPrivate) return [];
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      dnsLookup(host, { all: true }, (error, list) => (error ? reject(error) : resolve(list))),
    );
    return addresses.every((a) => isPublicAddress(a.address)) ? [] : ['resolves to a private, loopback, link-local or metadata address'];
  } catch {
    return ['its host name does not resolve'];
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses non-public addresses at connection time. */
export function guardedLookup(policy: UrlPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const allowed = policy.allowPrivate ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (allowed.length === 0) {
        return callback(Object.assign(new Error(`refused: ${hostname} resolves only to non-public addresses`), { code: 'EADDRNOTPUBLIC' }), '');
      }
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
