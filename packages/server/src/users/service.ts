/**
 * Users (docs/api-conventions.md): the people whose cards a merchant keeps, for the
 * SDK's enroll and saved cards. A user lists its instruments.
 */
import type { Db, Executor } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';
import { metadataColumn, metadataOf, type Metadata } from '../lib/metadata.js';
import { indexMetadata, whereMetadata } from '../db/metadata-index.js';
import type { InstrumentService } from '../instruments/service.js';
import type { Instrument } from '../instruments/schemas.js';

export interface UserView {
  id: string;
  name: string;
  email: string;
  instruments: Instrument[];
  metadata: Metadata;
  created_at: string;
  updated_at: string;
}

type UserRow = { id: string; organization_id: string; name: string; email: string; created_at: string; updated_at: string; metadata: string | null };

/**
 * Inserts a new user (POST /v1/users; also a checkout session's new user, in the session's
 * transaction), with its metadata pairs indexed (run it in a transaction when it has some).
 */
export async function insertUser(
  db: Executor,
  organizationId: string,
  input: { name: string; email: string; metadata?: Metadata },
  clock: RealClock,
): Promise<UserRow> {
  const now = clock.realIso();
  const row = {
    id: newId('user'),
    organization_id: organizationId,
    name: input.name.trim(),
    email: input.email.trim().toLowerCase(),
    created_at: now,
    updated_at: now,
    metadata: metadataColumn(input.metadata),
  };
  await db.insertInto('users').values(row).execute();
  await indexMetadata(db, organizationId, 'user', row.id, input.metadata);
  return row;
}

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly instruments: InstrumentService,
    private readonly clock: RealClock,
  ) {}

  private async view(row: UserRow): Promise<UserView> {
    const links = await this.db
      .selectFrom('user_instruments')
      .innerJoin('instruments', 'instruments.id', 'user_instruments.instrument_id')
      .selectAll('instruments')
      .where('user_instruments.user_id', '=', row.id)
      .where('instruments.status', '=', 'ACTIVE')
      .orderBy('user_instruments.created_at', 'desc')
      .execute();
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      instruments: await Promise.all(links.map((i) => this.instruments.view(i))),
      metadata: metadataOf(row.metadata),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  private async row(organizationId: string, id: string): Promise<UserRow> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('user');
    return row;
  }

  async create(organizationId: string, input: { name: string; email: string; metadata?: Metadata }): Promise<UserView> {
    return this.view(await this.db.transaction().execute((trx) => insertUser(trx, organizationId, input, this.clock)));
  }

  async get(organizationId: string, id: string): Promise<UserView> {
    return this.view(await this.row(organizationId, id));
  }

  async list(organizationId: string, params: ListQuery & { metadata?: Metadata }): Promise<Page<UserView>> {
    const query = whereMetadata(
      this.db.selectFrom('users').selectAll().where('organization_id', '=', organizationId),
      this.db,
      'id',
      organizationId,
      'user',
      params.metadata,
    );
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'user' }, params);
    return { data: await Promise.all(page.data.map((u) => this.view(u))), has_more: page.has_more };
  }

  /** `onSave` runs in the transaction that saves it (a checkout session's enrollment completes the session there). */
  async addInstrument(
    organizationId: string,
    userId: string,
    instrumentId: string,
    options: { onSave?: (trx: Executor) => Promise<void> } = {},
  ): Promise<UserView> {
    const user = await this.row(organizationId, userId);
    const instrument = await this.db
      .selectFrom('instruments')
      .select(['id', 'status'])
      .where('id', '=', instrumentId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!instrument || instrument.status !== 'ACTIVE')
      throw ApiError.validation([{ field: 'instrument_id', message: instrument ? 'the instrument was deleted' : 'no such instrument' }]);
    // Adding it twice is the same as once.
    const save = (db: Executor) =>
      db
        .insertInto('user_instruments')
        .values({ user_id: userId, instrument_id: instrumentId, created_at: this.clock.realIso() })
        .onConflict((oc) => oc.columns(['user_id', 'instrument_id']).doNothing())
        .execute();
    const { onSave } = options;
    if (onSave) {
      await this.db.transaction().execute(async (trx) => {
        await save(trx);
        await onSave(trx);
      });
    } else await save(this.db);
    return this.view(user);
  }

  async removeInstrument(organizationId: string, userId: string, instrumentId: string): Promise<UserView> {
    const user = await this.row(organizationId, userId);
    const removed = await this.db.deleteFrom('user_instruments').where('user_id', '=', userId).where('instrument_id', '=', instrumentId).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw ApiError.notFound('instrument of this user');
    return this.view(user);
  }
}
