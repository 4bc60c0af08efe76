/**
 * How config.ts reads environment variables: each reader validates one kind
 * of value and stops the process with a one-line reason (ConfigError) naming
 * the variable.
 */
import ipaddr from 'ipaddr.js';
import { CURRENCIES, toMinorUnits } from '../lib/money.js';
import type { Config } from './types.js';

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

/** A process is dead once its heartbeat is older than a few of its intervals. */
export function instanceLiveness(env: Env): { heartbeatMs: number; deadAfterMs: number } {
  const heartbeatSeconds = integer(env, 'INSTANCE_HEARTBEAT_SECONDS', 2, 1, 60);
  const deadAfterSeconds = integer(env, 'INSTANCE_DEAD_AFTER_SECONDS', 10, 2, 3600);
  if (deadAfterSeconds < 2 * heartbeatSeconds) {
    throw new ConfigError(`INSTANCE_DEAD_AFTER_SECONDS (${deadAfterSeconds}) must be at least twice INSTANCE_HEARTBEAT_SECONDS (${heartbeatSeconds})`);
  }
  return { heartbeatMs: heartbeatSeconds * 1000, deadAfterMs: deadAfterSeconds * 1000 };
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** Every `<NAME>_VALIDITY_SECONDS` that is set, checked: a rail's validity (its definition names the setting). */
export function validitySettings(env: Env): Record<string, number> {
  const names = Object.keys(env).filter((name) => /^[A-Z][A-Z0-9_]*_VALIDITY_SECONDS$/.test(name) && env[name] !== undefined && env[name] !== '');
  return Object.fromEntries(names.sort().map((name) => [name, integer(env, name, 0, 1, 30 * 86400)]));
}

export function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export function schedule(env: Env, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.length > 20 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) {
    throw new ConfigError(`${name} must be 1 to 20 comma-separated numbers of seconds, got "${raw}"`);
  }
  const seconds = parts.map(Number);
  if (seconds[0] !== 0) throw new ConfigError(`${name} must start with 0: the first attempt is made at once`);
  return seconds;
}

/**
 * The floor of a custom-amount payment link per currency (major units), about
 * half a US dollar: below it, a link is a cheap oracle for testing stolen cards.
 */
export const DEFAULT_LINK_MIN_AMOUNT: Record<string, number> = {
  COP: 1000,
  USD: 0.5,
  EUR: 0.5,
  MXN: 10,
  BRL: 2.5,
  PEN: 2,
  ARS: 500,
  GBP: 0.5,
  CAD: 0.5,
  UYU: 20,
  CLP: 500,
  JPY: 50,
  PYG: 4000,
  KRW: 700,
  KWD: 0.15,
  BHD: 0.2,
};

/** `COP:1000,USD:1.00` over the defaults, in minor units. */
export function minAmounts(env: Env, name: string): Record<string, number> {
  const amounts: Record<string, number> = {};
  const set = (currency: string, value: number) => {
    const parsed = toMinorUnits(value, currency);
    if (!('minor' in parsed)) throw new ConfigError(`${name}: ${value} is not a valid ${currency} amount`);
    amounts[currency] = parsed.minor;
  };
  for (const [currency, value] of Object.entries(DEFAULT_LINK_MIN_AMOUNT)) set(currency, value);
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return amounts;
  for (const part of raw.split(',')) {
    const match = /^\s*([A-Za-z]{3})\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!match) throw new ConfigError(`${name} must be comma-separated CURRENCY:amount pairs (e.g. COP:1000,USD:1.00), got "${raw}"`);
    const currency = match[1]!.toUpperCase();
    if (CURRENCIES[currency] === undefined) throw new ConfigError(`${name}: ${currency} is not a supported currency`);
    set(currency, Number(match[2]));
  }
  return amounts;
}

export function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

export function url(name: string, raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http or https URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false` (or unset), a hop count, or a comma-separated list of
 * the proxies' addresses or CIDR ranges. `true` is read as `1` (the proxy in
 * front of the server), never as "every hop", which would let a client
 * choose its own address with the leftmost X-Forwarded-For entry.
 */
export function parseTrustProxy(raw: string | undefined): Config['trustProxy'] {
  const value = (raw ?? '').trim();
  if (value === '' || /^(false|no|0)$/i.test(value)) return false;
  if (/^(true|yes)$/i.test(value)) return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be at most 10 proxy hops, got ${hops}`);
    return { hops };
  }
  const addresses = value.split(',').map((p) => p.trim());
  const everyone = addresses.filter((a) => a.includes('/') && validAddressOrCidr(a) && ipaddr.parseCIDR(a)[1] === 0);
  if (everyone.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY: ${everyone.map((b) => `"${b}"`).join(', ')} would trust every address as a proxy, so any client could choose its own address with X-Forwarded-For; name the proxies' addresses or ranges (for example 10.0.0.0/8), or give the hop count`,
    );
  }
  const bad = addresses.filter((a) => !PROXY_RANGE_NAMES.has(a) && !validAddressOrCidr(a));
  if (bad.length > 0 || addresses.length > 100) {
    throw new ConfigError(
      `TRUST_PROXY must be false, a hop count, or a comma-separated list of proxy addresses or CIDR ranges; not an address or range: ${bad.map((b) => `"${b}"`).join(', ')}`,
    );
  }
  return { addresses };
}

function validAddressOrCidr(value: string): boolean {
  if (value.includes('/')) {
    try {
      ipaddr.parseCIDR(value);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(value);
}

/**
 * 32 bytes in base64. In production also random-looking: 32 random bytes have
 * about 30 distinct values (fewer than 16 has a probability below 1e-12), a
 * placeholder such as 32 zero bytes has one.
 */
export function validateMasterKey(raw: string, name = 'MASTER_KEY', production = false): string {
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(raw) ? Buffer.from(raw, 'base64') : Buffer.alloc(0);
  if (bytes.length !== 32) throw new ConfigError(`${name} must be 32 random bytes in base64 (44 characters)`);
  if (production && new Set(bytes).size < 16) {
    throw new ConfigError(
      `${name} is not random (${new Set(bytes).size} distinct bytes of 32: a placeholder such as all zeros?); generate one with: openssl rand -base64 32`,
    );
  }
  return raw;
}

/** A secret a person typed as a placeholder: 16 × "a", "abababab...". Random secrets of 16+ characters have many more distinct characters. */
export const MIN_DISTINCT_SECRET_CHARACTERS = 8;
