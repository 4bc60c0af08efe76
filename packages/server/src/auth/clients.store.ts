import type { Executor } from '../db/database.js';
import type { Insertable, Selectable } from 'kysely';
import type { ClientsTable } from '../db/schema.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';

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

/** One client with when it last got a token. */
export async function findClientWithUse(db: Executor, clientId: string): Promise<(ClientRow & { last_token_at: number | null }) | undefined> {
  const row = await db
    .selectFrom('clients')
    .selectAll('clients')
    .select((eb) =>
      eb
        .selectFrom('access_tokens')
        .select((t) => t.fn.max('issued_at').as('issued'))
        .whereRef('access_tokens.client_id', '=', 'clients.client_id')
        .as('last_token_at'),
    )
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row && { ...row, last_token_at: row.last_token_at === null || row.last_token_at === undefined ? null : Number(row.last_token_at) };
}

/** An organization's clients, newest id first (keyset pages), each with when it last got a token. */
export async function listOrganizationClients(
  db: Executor,
  organizationId: string,
  params: ListQuery,
): Promise<Page<ClientRow & { last_token_at: number | null }>> {
  const query = db
    .selectFrom('clients')
    .selectAll('clients')
    .select((eb) =>
      eb
        .selectFrom('access_tokens')
        .select((t) => t.fn.max('issued_at').as('issued'))
        .whereRef('access_tokens.client_id', '=', 'clients.client_id')
        .as('last_token_at'),
    )
    .where('organization_id', '=', organizationId);
  // A client's id is `cli-...`, or what an operator chose (BOOTSTRAP_CLIENT_ID, a seed file): such an
  // id is a cursor when it names a client of this organization (another's is refused as unknown).
  const ofThisOrganization = async (id: string) =>
    (await db.selectFrom('clients').select('client_id').where('client_id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst()) !==
    undefined;
  const page = await paginate(
    query.select('clients.client_id as id'),
    { id: 'clients.client_id', createdAt: 'clients.created_at', kind: 'client', accept: ofThisOrganization },
    params,
  );
  return {
    has_more: page.has_more,
    data: page.data.map(({ id: _id, ...row }) => ({ ...row, last_token_at: row.last_token_at === null ? null : Number(row.last_token_at) })),
  };
}

export async function countClients(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Revokes the client and every token it holds; false when no active client has that id. */
export async function revokeClient(db: Executor, clientId: string, at: string): Promise<boolean> {
  const result = await db.updateTable('clients').set({ revoked_at: at }).where('client_id', '=', clientId).where('revoked_at', 'is', null).executeTakeFirst();
  await db.updateTable('access_tokens').set({ revoked_at: at }).where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
  return Number(result.numUpdatedRows) > 0;
}

/** The operator's PCI DSS SAQ D mark: such a client may send clear card data (spec 4.3 direct form). */
export async function setPciSaqD(db: Executor, clientId: string, enabled: boolean): Promise<boolean> {
  const result = await db
    .updateTable('clients')
    .set({ pci_saq_d: enabled ? 1 : 0 })
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
