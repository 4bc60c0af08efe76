/** Timestamps are ISO 8601 UTC with milliseconds; the database stores them as such text. */

/** `seconds` after the epoch milliseconds `from`, as ISO 8601 text (a pure function: the caller reads the time from its clock). */
export function isoPlusSeconds(from: number, seconds: number): string {
  return new Date(from + seconds * 1000).toISOString();
}

/** The real time only, in epoch milliseconds and as ISO 8601 text: what the clock (clock/clock.ts) gives the parts below the features. */
export interface RealClock {
  realNow(): number;
  realIso(): string;
}
