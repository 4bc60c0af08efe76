/**
 * The public base URL a server serves at, recorded in `settings` when it starts listening, so that
 * the operator CLI, which opens the same database but has no PORT of the server's, prints links
 * (a dashboard user's one-time link) that work: with PUBLIC_BASE_URL unset, the server's default
 * is `http://localhost:${PORT}`, and the CLI's would be port 8080 whatever the server's is.
 * PUBLIC_BASE_URL in the CLI's own environment wins over the recorded one.
 */
import type { Db } from './database.js';
import type { Config } from '../config/config.js';
import type { RealClock } from '../lib/time.js';

const KEY = 'public_base_url';

/** Records `url` as the deployment's public base URL (the last server to start wins). */
export async function recordPublicBaseUrl(db: Db, url: string, clock: RealClock): Promise<void> {
  const at = clock.realIso();
  await db
    .insertInto('settings')
    .values({ key: KEY, value: url, created_at: at })
    // `created_at`: when this value was recorded.
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: url, created_at: at }))
    .execute();
}

/** The public base URL the last server to start recorded, if one did. */
export async function recordedPublicBaseUrl(db: Db): Promise<string | undefined> {
  return (await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst())?.value;
}

/**
 * `config` with the public base URL a server recorded when PUBLIC_BASE_URL is not set (the CLI's
 * configuration), and whether it came from there (`recorded`) or is the default for want of one.
 */
export async function withServedBaseUrl<C extends Pick<Config, 'publicBaseUrl' | 'publicBaseUrlSet'>>(
  db: Db,
  config: C,
): Promise<{ config: C; source: 'PUBLIC_BASE_URL' | 'recorded' | 'default' }> {
  if (config.publicBaseUrlSet) return { config, source: 'PUBLIC_BASE_URL' };
  const recorded = await recordedPublicBaseUrl(db);
  return recorded ? { config: { ...config, publicBaseUrl: recorded }, source: 'recorded' } : { config, source: 'default' };
}
