import type { Db, Executor } from '../db/database.js';
import { preparedQuery } from '../db/prepared.js';
import type { AccessTokensTable } from '../db/schema.js';

export type AccessTokenRow = AccessTokensTable;

/** The newest unrevoked token of this client, audience and scope that is still valid at `validAfter`. */
export function findReusableToken(
  db: Executor,
  where: { clientId: string; audience: string; scope: string; validAfter: number },
): Promise<AccessTokenRow | undefined> {
  return db
    .selectFrom('access_tokens')
    .selectAll()
    .where('client_id', '=', where.clientId)
    .where('audience', '=', where.audience)
    .where('scope', '=', where.scope)
    .where('expires_at', '>', where.validAfter)
    .where('revoked_at', 'is', null)
    .orderBy('expires_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertToken(db: Executor, row: AccessTokenRow): Promise<void> {
  await db.insertInto('access_tokens').values(row).execute();
}

export async function revokeTokens(db: Executor, where: { clientId: string; audience: string; jti?: string }, at: string): Promise<number> {
  let query = db
    .updateTable('access_tokens')
    .set({ revoked_at: at })
    .where('client_id', '=', where.clientId)
    .where('audience', '=', where.audience)
    .where('revoked_at', 'is', null);
  if (where.jti) query = query.where('jti', '=', where.jti);
  const result = await query.executeTakeFirst();
  const count = Number(result.numUpdatedRows);
  // The open checkout sessions those tokens created end with them (the session's token is refused
  // from then on): a revoked token leaves nothing it made usable.
  if (count > 0) {
    await db
      .updateTable('checkout_sessions')
      .set({ status: 'expired', updated_at: at })
      .where('status', '=', 'open')
      .where('client_id', '=', where.clientId)
      .where('token_jti', 'in', (eb) =>
        eb
          .selectFrom('access_tokens')
          .select('jti')
          .where('client_id', '=', where.clientId)
          .where('audience', '=', where.audience)
          .where('revoked_at', '=', at),
      )
      .execute();
  }
  return count;
}

/**
 * Is this token still good: not revoked, and its client not revoked? One
 * indexed lookup per request; it also reads the client's current flags.
 */
const liveTokenQuery = preparedQuery((db: Db, jti: string) =>
  db
    .selectFrom('access_tokens')
    .innerJoin('clients', 'clients.client_id', 'access_tokens.client_id')
    .select('clients.pci_saq_d')
    .where('access_tokens.jti', '=', jti)
    .where('access_tokens.revoked_at', 'is', null)
    .where('clients.revoked_at', 'is', null),
);

export async function liveToken(db: Db, jti: string): Promise<{ pciSaqD: boolean } | undefined> {
  const [row] = await liveTokenQuery(db, jti);
  return row ? { pciSaqD: Number(row.pci_saq_d) === 1 } : undefined;
}

/**
 * Is a checkout session's token still good: the session not ended by the
 * merchant (a complete one still answers, so its later calls get a clear
 * 409), and the client that created it not revoked. Expiry is the token's `exp`.
 */
const liveSessionQuery = preparedQuery((db: Db, id: string) =>
  db
    .selectFrom('checkout_sessions')
    .innerJoin('clients', 'clients.client_id', 'checkout_sessions.client_id')
    .select('checkout_sessions.id')
    .where('checkout_sessions.id', '=', id)
    .where('checkout_sessions.status', '!=', 'expired')
    .where('clients.revoked_at', 'is', null),
);

export async function liveCheckoutSession(db: Db, id: string): Promise<{ pciSaqD: boolean } | undefined> {
  const [row] = await liveSessionQuery(db, id);
  // Never direct (clear) card data from a browser, whatever the client's flag.
  return row ? { pciSaqD: false } : undefined;
}

export async function deleteExpiredTokens(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('access_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
