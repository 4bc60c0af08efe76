/**
 * Connector accounts: an organization's credentials at one registered
 * connector (registry.ts). The credentials are checked against the
 * connector's schema, sealed with the master key (crypto/keyring.ts, under
 * `connector_account:<id>`, listed in crypto/reseal.ts) and never returned:
 * an account shows which credential fields are set and when they were last
 * rotated. PATCH with `credentials` rotates them. Another organization's
 * account is 404. A deleted account is hidden from the API but kept, so the
 * payments it authorized still capture, refund and dispute through it.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../config/config.js';
import type { Keyring } from '../crypto/keyring.js';
import type { Db } from '../db/database.js';
import type { ConnectorAccountsTable } from '../db/schema.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import type { SandboxClock } from '../clock/clock.js';
import type { CardNetworkConnector } from './card-network/connector.js';
import type { RemoteRailConnector } from './rails/connector.js';
import type { ConnectorDeps, ConnectorRegistry, MethodFamily } from './registry.js';

export interface ConnectorAccountInput {
  connector: string;
  description?: string;
  status?: 'enabled' | 'disabled';
  credentials: Record<string, unknown>;
}

export interface ConnectorAccountPatch {
  description?: string | null;
  status?: 'enabled' | 'disabled';
  credentials?: Record<string, unknown>;
}

export interface ConnectorAccountView {
  id: string;
  connector: string;
  families: MethodFamily[];
  /** The rail methods it serves (an intent's `rail_id`). */
  rails: string[];
  description: string | null;
  status: 'enabled' | 'disabled';
  credentials: { fields_set: string[]; rotated_at: string };
  created_at: string;
  updated_at: string;
}

/** What the router needs of an account, cached with the organization's routing. */
export interface AccountSummary {
  id: string;
  connector: string;
  families: readonly MethodFamily[];
  /** The rail methods it serves (none for a card-only connector). */
  rails: readonly string[];
  status: 'enabled' | 'disabled';
  referenceKey: string;
  /** Which credentials the account has: a built connector is reused while it is the same. */
  rotatedAt: string;
}

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** `ca` and eight base32 characters: short enough to prefix a processor's reference in a 64-character column. */
function newReferenceKey(): string {
  return 'ca' + [...randomBytes(8)].map((b) => ALPHABET[b % 32]).join('');
}

const sealContext = (id: string) => `connector_account:${id}`;

export class ConnectorAccounts {
  /** Built connectors by account id, rebuilt when the credentials change (`rotated_at`). */
  private readonly built = new Map<string, { rotatedAt: string; card?: CardNetworkConnector; rail?: RemoteRailConnector }>();
  /** Called after every write, with the organization: the router drops its cached routing. */
  onChange: (organizationId: string) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
    readonly registry: ConnectorRegistry,
    private readonly deps: Omit<ConnectorDeps, 'accountId'>,
    private readonly config: Pick<Config, 'environment' | 'simulatedRehearsal'>,
    private readonly clock: SandboxClock,
  ) {}

  /** The connector HTTP client, for a connector reading its notification's resource (notifications.ts). */
  get http(): ConnectorDeps['http'] {
    return this.deps.http;
  }

  /** Production that moves real money (not a rehearsal with simulators): each connector's `productionProblems` apply. */
  private get strictProduction(): boolean {
    return this.config.environment === 'production' && !this.config.simulatedRehearsal;
  }

  /**
   * At a production start: every enabled account whose credentials production
   * refuses (test credentials kept from a sandbox), named with its fields and
   * never its values. The gateway refuses to start while there is one.
   */
  async productionProblems(): Promise<string[]> {
    if (!this.strictProduction) return [];
    const rows = await this.db
      .selectFrom('connector_accounts')
      .select(['id', 'connector'])
      .where('status', '=', 'enabled')
      .where('deleted_at', 'is', null)
      .execute();
    const found: string[] = [];
    for (const row of rows) {
      const definition = this.registry.get(row.connector);
      if (!definition?.productionProblems) continue;
      const opened = await this.open(row.id);
      const problems = opened ? definition.productionProblems(opened.credentials) : [];
      if (problems.length) found.push(`connector account ${row.id} (${row.connector}): ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
    }
    return found;
  }

  /** The connectors an account can be added for here, with their credential fields (GET /v1/connectors). */
  connectors(): Array<{
    id: string;
    description: string;
    families: string[];
    rails: string[];
    credentials: Array<{ name: string; required: boolean; description: string | null }>;
  }> {
    const usable = this.config.environment !== 'production' || this.config.simulatedRehearsal;
    return this.registry
      .list()
      .filter((d) => usable || !d.sandboxOnly)
      .map((d) => {
        const schema = d.credentials as { properties?: Record<string, { description?: string }>; required?: string[] };
        return {
          id: d.id,
          description: d.description,
          families: [...d.families],
          rails: [...(d.rails ?? [])],
          credentials: Object.entries(schema.properties ?? {}).map(([name, field]) => ({
            name,
            required: (schema.required ?? []).includes(name),
            description: field.description ?? null,
          })),
        };
      });
  }

  private view(row: ConnectorAccountsTable): ConnectorAccountView {
    return {
      id: row.id,
      connector: row.connector,
      families: [...(this.registry.get(row.connector)?.families ?? [])],
      rails: [...(this.registry.get(row.connector)?.rails ?? [])],
      description: row.description,
      status: row.status,
      credentials: { fields_set: JSON.parse(row.credential_fields) as string[], rotated_at: row.credentials_rotated_at },
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /** The connector's definition and the credentials' problems (422 naming each), or the sealed value and its field names. */
  private checkCredentials(connector: string, credentials: unknown, id: string): { sealed: string; fields: string[] } {
    const definition = this.registry.get(connector);
    if (!definition)
      throw ApiError.validation([
        {
          field: 'connector',
          message: `unknown connector; one of: ${this.registry
            .list()
            .map((d) => d.id)
            .join(', ')}`,
        },
      ]);
    const problems: ErrorDetail[] = [];
    if (definition.sandboxOnly && this.config.environment === 'production' && !this.config.simulatedRehearsal) {
      problems.push({ field: 'connector', message: `${connector} is a simulator: only in the sandbox` });
    }
    problems.push(...this.registry.credentialProblems(definition, credentials));
    if (!problems.length && this.strictProduction && definition.productionProblems) problems.push(...definition.productionProblems(credentials));
    if (problems.length) throw ApiError.validation(problems, 'The connector account is invalid.');
    const fields = Object.keys(credentials as object)
      .filter((k) => (credentials as Record<string, unknown>)[k] !== undefined)
      .sort();
    return { sealed: this.keyring.seal(JSON.stringify(credentials), sealContext(id)), fields };
  }

  async create(organizationId: string, input: ConnectorAccountInput): Promise<ConnectorAccountView> {
    const id = newId('connectorAccount');
    const { sealed, fields } = this.checkCredentials(input.connector, input.credentials, id);
    const now = this.clock.realIso();
    const row: ConnectorAccountsTable = {
      id,
      organization_id: organizationId,
      connector: input.connector,
      description: input.description ?? null,
      status: input.status ?? 'enabled',
      reference_key: newReferenceKey(),
      credentials_sealed: sealed,
      credential_fields: JSON.stringify(fields),
      credentials_rotated_at: now,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await this.db.insertInto('connector_accounts').values(row).execute();
    this.onChange(organizationId);
    return this.view(row);
  }

  private async row(organizationId: string, id: string): Promise<ConnectorAccountsTable> {
    const row = await this.db
      .selectFrom('connector_accounts')
      .selectAll()
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw ApiError.notFound('connector account');
    return row;
  }

  async get(organizationId: string, id: string): Promise<ConnectorAccountView> {
    return this.view(await this.row(organizationId, id));
  }

  async list(organizationId: string, params: ListQuery): Promise<Page<ConnectorAccountView>> {
    const query = this.db.selectFrom('connector_accounts').selectAll().where('organization_id', '=', organizationId).where('deleted_at', 'is', null);
    const page = await paginate(query, { id: 'id', createdAt: 'created_at', kind: 'connectorAccount' }, params);
    return { data: page.data.map((row) => this.view(row)), has_more: page.has_more };
  }

  async update(organizationId: string, id: string, patch: ConnectorAccountPatch): Promise<ConnectorAccountView> {
    const row = await this.row(organizationId, id);
    const now = this.clock.realIso();
    const changes: Partial<ConnectorAccountsTable> = { updated_at: now };
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.status !== undefined) changes.status = patch.status;
    if (patch.credentials !== undefined) {
      const { sealed, fields } = this.checkCredentials(row.connector, patch.credentials, id);
      Object.assign(changes, { credentials_sealed: sealed, credential_fields: JSON.stringify(fields), credentials_rotated_at: now });
    }
    // Compare-and-set on the version read: two rotations at once never leave one's fields beside the other's sealed value.
    const result = await this.db
      .updateTable('connector_accounts')
      .set(changes)
      .where('id', '=', id)
      .where('updated_at', '=', row.updated_at)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new ApiError('conflict', 'The connector account changed meanwhile; fetch it and retry.');
    this.onChange(organizationId);
    return this.view({ ...row, ...changes });
  }

  async delete(organizationId: string, id: string): Promise<{ id: string; deleted: true }> {
    await this.row(organizationId, id);
    await this.db
      .updateTable('connector_accounts')
      .set({ deleted_at: this.clock.realIso(), status: 'disabled' })
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .execute();
    this.onChange(organizationId);
    return { id, deleted: true };
  }

  /** The organization's accounts that routing may use (not deleted), oldest first. */
  async summaries(organizationId: string): Promise<AccountSummary[]> {
    const rows = await this.db
      .selectFrom('connector_accounts')
      .select(['id', 'connector', 'status', 'reference_key', 'credentials_rotated_at'])
      .where('organization_id', '=', organizationId)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'asc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      connector: r.connector,
      families: this.registry.get(r.connector)?.families ?? [],
      rails: this.registry.get(r.connector)?.rails ?? [],
      status: r.status,
      referenceKey: r.reference_key,
      rotatedAt: r.credentials_rotated_at,
    }));
  }

  /** The account (deleted or not) whose reference key prefixes a network reference. */
  async byReferenceKey(key: string): Promise<{ id: string; rotatedAt: string; connector: string; organizationId: string } | undefined> {
    const row = await this.db
      .selectFrom('connector_accounts')
      .select(['id', 'credentials_rotated_at', 'connector', 'organization_id'])
      .where('reference_key', '=', key)
      .executeTakeFirst();
    return row && { id: row.id, rotatedAt: row.credentials_rotated_at, connector: row.connector, organizationId: row.organization_id };
  }

  /** The account (deleted or not) an authorization was sent to, by our reference. */
  async byReference(reference: string): Promise<{ id: string; rotatedAt: string; referenceKey: string } | undefined> {
    const row = await this.db
      .selectFrom('connector_references')
      .innerJoin('connector_accounts', 'connector_accounts.id', 'connector_references.account_id')
      .select(['connector_accounts.id', 'connector_accounts.credentials_rotated_at', 'connector_accounts.reference_key'])
      .where('connector_references.reference', '=', reference)
      .executeTakeFirst();
    return row && { id: row.id, rotatedAt: row.credentials_rotated_at, referenceKey: row.reference_key };
  }

  /** The account's decrypted credentials and connector, for the connector's own use (notification checks). */
  async open(
    id: string,
  ): Promise<{ organizationId: string; connector: string; credentials: Record<string, unknown>; rotatedAt: string; referenceKey: string } | undefined> {
    const row = await this.db.selectFrom('connector_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const credentials = JSON.parse(this.keyring.open(row.credentials_sealed, sealContext(id)).toString('utf8')) as Record<string, unknown>;
    return {
      organizationId: row.organization_id,
      connector: row.connector,
      credentials,
      rotatedAt: row.credentials_rotated_at,
      referenceKey: row.reference_key,
    };
  }

  /** The card network port of the account, built from its credentials (kept until they rotate). */
  async card(id: string, rotatedAt: string): Promise<CardNetworkConnector> {
    const hit = this.built.get(id);
    if (hit?.card && hit.rotatedAt === rotatedAt) return hit.card;
    const opened = await this.open(id);
    if (!opened) throw new Error(`connector account ${id} does not exist`);
    const definition = this.registry.get(opened.connector);
    if (!definition?.card) throw new Error(`connector ${opened.connector} is not registered for cards in this deployment`);
    const card = definition.card(opened.credentials, { ...this.deps, accountId: id });
    this.built.set(id, { ...(hit?.rotatedAt === opened.rotatedAt ? hit : {}), rotatedAt: opened.rotatedAt, card });
    return card;
  }

  /** The rail port of the account (registry.ts `rail`), built from its credentials (kept until they rotate). */
  async rail(id: string, rotatedAt: string): Promise<RemoteRailConnector> {
    const hit = this.built.get(id);
    if (hit?.rail && hit.rotatedAt === rotatedAt) return hit.rail;
    const opened = await this.open(id);
    if (!opened) throw new Error(`connector account ${id} does not exist`);
    const definition = this.registry.get(opened.connector);
    if (!definition?.rail) throw new Error(`connector ${opened.connector} is not registered for rails in this deployment`);
    const rail = definition.rail(opened.credentials, { ...this.deps, accountId: id });
    this.built.set(id, { ...(hit?.rotatedAt === opened.rotatedAt ? hit : {}), rotatedAt: opened.rotatedAt, rail });
    return rail;
  }
}
