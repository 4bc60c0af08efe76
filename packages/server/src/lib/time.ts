/** Timestamps are ISO 8601 UTC with milliseconds; the database stores them as such text. */

/** `seconds` after the epoch milliseconds `from`, as ISO 8601 text (a pure function: the caller reads the time from its clock). */
export function isoPlusSeconds(from: number, seconds: number): string {
  return new Date(from + seconds * 1000).toISOString();
}

/**
 * @deprecated Reads the wall clock behind the injected one (clock/clock.ts): take `realIso()` from the
 * clock you are passed. Kept for the folders not converted yet (payments/, apm/, refunds/,
 * transactions/, cashouts/); eslint.config.js lets no other folder import it.
 */
export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * @deprecated The wall clock, shaped like clock/clock.ts `RealClock`: the default of the shared
 * functions (`enqueueJob`, `recordEvent`, `applyCaptureFees`, `enqueueChargebackExpiry`) that the
 * same folders still call without the gateway's clock. Every other caller passes its own.
 */
export const wallClock = { realNow: (): number => Date.now(), realIso: (): string => new Date().toISOString() };

/**
 * @deprecated Without `from` it reads the wall clock: use `isoPlusSeconds(clock.realNow(), seconds)`.
 * Kept for the same folders as `nowIso`.
 */
export function isoAfterSeconds(seconds: number, from = Date.now()): string {
  return isoPlusSeconds(from, seconds);
}
