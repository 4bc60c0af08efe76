import type { Migration } from 'kysely';
import * as foundation from './001_foundation.js';

/** Every migration, in order. One set serves SQLite and PostgreSQL. */
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
};
