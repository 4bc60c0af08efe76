/** Timestamps are ISO 8601 UTC with milliseconds; the database stores them as such text. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfterSeconds(seconds: number, from = Date.now()): string {
  return new Date(from + seconds * 1000).toISOString();
}
