/**
 * Requests the gateway makes to itself (the dashboard's pass-through,
 * dashboard/passthrough.ts, runs the real /v1 routes with `app.inject`). Such a
 * request carries, in one header, a random 256-bit key that names a principal
 * held in this process's memory; the authentication hook takes it (once)
 * instead of a Bearer token. The key never leaves the process, is valid for
 * one request, and a request that names an unknown key is refused like a bad
 * token: nothing sent from outside can use this path.
 */
import { randomBytes } from 'node:crypto';
import type { Principal } from './principal.js';

export const INTERNAL_PRINCIPAL_HEADER = 'x-pasarela-internal-principal';

const pending = new Map<string, Principal>();

/** A one-request key for `principal`; `release` it when the request is over (taken or not). */
export function internalPrincipalKey(principal: Principal): { key: string; release: () => void } {
  const key = randomBytes(32).toString('base64url');
  pending.set(key, principal);
  return { key, release: () => void pending.delete(key) };
}

/** The principal the header names, taken (a second request with the same key finds nothing). */
export function takeInternalPrincipal(header: string | string[] | undefined): Principal | undefined {
  if (typeof header !== 'string') return undefined;
  const principal = pending.get(header);
  pending.delete(header);
  return principal;
}

/** Whether the header names a live key (without taking it): an internal request passed the transport rules outside. */
export function isInternalRequest(header: string | string[] | undefined): boolean {
  return typeof header === 'string' && pending.has(header);
}
