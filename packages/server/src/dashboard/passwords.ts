/**
 * The dashboard's rules for e-mail addresses and new passwords: at least 12
 * characters, at most 256 (scrypt's cost grows with the input), and not in the
 * breached-password list beside this file.
 */
import { readFileSync } from 'node:fs';

export const MIN_PASSWORD_LENGTH = 12;
/** scrypt's cost grows with the input: a passphrase longer than this is refused. */
export const MAX_PASSWORD_LENGTH = 256;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : undefined;
}

let breached: Set<string> | undefined;

/**
 * The passwords found in breaches that a dashboard user may not choose
 * (breached-password list beside this file, lower-case, one a line; the build copies it to dist/),
 * read once on first use.
 */
function breachedPasswords(): Set<string> {
  breached ??= new Set(
    readFileSync(new URL('./breached-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return breached;
}

/** Whether the password (compared without regard to case or surrounding spaces) is in the breached-password list. */
export function isBreachedPassword(password: string): boolean {
  return breachedPasswords().has(password.normalize('NFKC').trim().toLowerCase());
}

/** The problems of a new password, as error details (empty when it is acceptable). */
export function passwordProblems(password: string, field = 'password'): Array<{ field: string; message: string }> {
  if ([...password].length < MIN_PASSWORD_LENGTH) return [{ field, message: `must be at least ${MIN_PASSWORD_LENGTH} characters` }];
  if (password.length > MAX_PASSWORD_LENGTH) return [{ field, message: `must be at most ${MAX_PASSWORD_LENGTH} characters` }];
  if (isBreachedPassword(password)) return [{ field, message: 'is a commonly used password found in data breaches: choose another' }];
  return [];
}
