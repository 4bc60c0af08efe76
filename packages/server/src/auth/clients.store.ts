import type { Executor } from '../db/database.js';
import type { Insertable, Selectable } from 'kysely';
import type { ClientsTable } from '../db/schema.js';

export type ClientRow = Selectable<ClientsTable>;

export function findClient(db: Executor, clientId: string): Promise<ClientRow | undefined> {
  return db.selectFrom('clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

export async function insertClient(db: Executor, row: Insertable<ClientsTable>): Promise<void> {
  await db.insertInto('clients').values(row).execute();
}

export function listClients(db: Executor): Promise<ClientRow[]> {
  return db.selectFrom('clients').selectAll().orderBy('created_at', 'desc').execute();
}

export async function countClients(db: Executor): Promise<number> {
  const row = await db.selectFrom('clients').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Revokes the client and every token it holds; false when no active client has that id. */
export async function revokeClient(db: Executor, clientId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('clients')
    .set({ revoked_at: at })
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  await db.updateTable('access_tokens').set({ revoked_at: at }).where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
  return Number(result.numUpdatedRows) > 0;
}

/** The operator's PCI DSS SAQ D mark: such a client may send clear card data (spec 4.3 direct form). */
export async function setPciSaqD(db: Executor, clientId: string, enabled: boolean): Promise<boolean> {
  const result = await db.updateTable('clients').set({ pci_saq_d: enabled ? 1 : 0 }).where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
