/**
 * Where webhooks may go (SSRF protection): in production only `https` URLs,
 * and never to loopback, private, link-local, carrier-grade NAT, multicast or
 * cloud metadata addresses, checked at registration and again at every
 * delivery after DNS resolution (the connection uses the checked address, so
 * DNS rebinding cannot swap it). The sandbox may allow private addresses so a
 * developer's localhost receiver works (WEBHOOK_ALLOW_PRIVATE_URLS).
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
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  // ipaddr's range() names private, loopback, linkLocal (169.254/16: metadata), carrierGradeNat, uniqueLocal, ...
  return PUBLIC_RANGES.has(parsed.range());
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
