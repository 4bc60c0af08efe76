/**
 * A sandbox's seed file (`SEED_FILE`, `pasarela --seed FILE`): organizations,
 * API clients with the ids and secrets the file fixes, and webhook endpoints,
 * provisioned at start so a CI job gets the same credentials every run
 * (docs/testing-your-integration.md).
 *
 *   {
 *     "organizations": [{
 *       "name": "CI shop",
 *       "clients": [{ "client_id": "ci_shop", "client_secret": "at least 16 characters", "scopes": ["payments:write"] }],
 *       "webhook_endpoints": [{ "url": "http://127.0.0.1:4242/webhooks", "events": ["*"], "secret": "whsec_..." }]
 *     }]
 *   }
 *
 * The file is read and checked whole before anything is written; every
 * problem is reported with its place in the file. Applying it again (a restart
 * on the same DATA_DIR) changes nothing but what the file changed: a client
 * that exists gets the file's secret, name and scopes, an endpoint whose URL
 * its organization already has is left as it is.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { Type, type Static } from 'typebox';
import type { Db } from '../db/database.js';
import type { Keyring } from '../crypto/keyring.js';
import { hashSecret } from '../crypto/secret-hash.js';
import { createOrganization } from '../organizations/service.js';
import { findClient, insertClient } from '../auth/clients.store.js';
import { PERMISSIONS, isPermission, type Permission } from '../http/permissions.js';
import { EVENT_TYPES } from '../events/types.js';
import { urlProblems, type UrlPolicy } from '../webhooks/url-guard.js';
import { generateWebhookSecret } from '../webhooks/signing.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';

export class SeedError extends Error {}

const ClientSeed = Type.Object(
  {
    client_id: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{2,99}$', description: 'letters, digits, _ . -; 3 to 100 characters' }),
    client_secret: Type.String({ minLength: 16, maxLength: 200 }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    /** Absent: every permission. */
    scopes: Type.Optional(Type.Array(Type.String(), { minItems: 1 })),
    pci_saq_d: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const EndpointSeed = Type.Object(
  {
    url: Type.String({ minLength: 1 }),
    events: Type.Optional(Type.Array(Type.String(), { minItems: 1 })),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    /** Absent: a new random secret, readable with secrets:read (GET /v1/webhooks/{id}/secret). */
    secret: Type.Optional(Type.String({ pattern: '^whsec_[A-Za-z0-9+/]{32,}={0,2}$', description: 'whsec_ and at least 24 bytes in base64' })),
  },
  { additionalProperties: false },
);

const SeedSchema = Type.Object(
  {
    organizations: Type.Array(
      Type.Object(
        {
          name: Type.String({ minLength: 1, maxLength: 200 }),
          clients: Type.Optional(Type.Array(ClientSeed)),
          webhook_endpoints: Type.Optional(Type.Array(EndpointSeed)),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false },
);

export type Seed = Static<typeof SeedSchema>;

const KNOWN_EVENTS = new Set<string>(EVENT_TYPES);

function place(path: string): string {
  return path === '' ? '(file)' : path.slice(1).replace(/\//g, '.');
}

/** Reads and checks a seed file; throws SeedError listing every problem. */
export function loadSeed(file: string, policy: UrlPolicy): Seed {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SeedError(`cannot read the seed file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SeedError(`the seed file ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const validate = new Ajv({ allErrors: true, strict: false }).compile<Seed>(SeedSchema);
  const problems: string[] = [];
  if (!validate(value)) {
    for (const e of validate.errors ?? []) {
      const extra = e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : '';
      const hint = e.keyword === 'pattern' ? ((e.parentSchema as { description?: string } | undefined)?.description ?? e.message) : e.message;
      problems.push(`${place(e.instancePath)}: ${hint}${extra}`);
    }
  } else {
    const ids = new Set<string>();
    value.organizations.forEach((org, o) => {
      org.clients?.forEach((client, c) => {
        const at = `organizations.${o}.clients.${c}`;
        if (ids.has(client.client_id)) problems.push(`${at}.client_id: ${client.client_id} appears twice in the file`);
        ids.add(client.client_id);
        client.scopes?.forEach((scope, s) => {
          if (!isPermission(scope)) problems.push(`${at}.scopes.${s}: unknown permission ${scope} (known: ${PERMISSIONS.join(', ')})`);
        });
      });
      const urls = new Set<string>();
      org.webhook_endpoints?.forEach((endpoint, e) => {
        const at = `organizations.${o}.webhook_endpoints.${e}`;
        for (const message of urlProblems(endpoint.url, policy)) problems.push(`${at}.url: ${message}`);
        if (urls.has(endpoint.url)) problems.push(`${at}.url: ${endpoint.url} appears twice in this organization`);
        urls.add(endpoint.url);
        endpoint.events?.forEach((type, t) => {
          if (type !== '*' && !KNOWN_EVENTS.has(type)) problems.push(`${at}.events.${t}: unknown event type ${type}`);
        });
      });
    });
  }
  if (problems.length > 0) throw new SeedError(`the seed file ${file} is not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return value as Seed;
}

export interface SeededOrganization {
  id: string;
  name: string;
  clients: { client_id: string; scopes: Permission[]; created: boolean }[];
  webhook_endpoints: { id: string; url: string; created: boolean }[];
}

/** Writes the seed: one transaction per organization. */
export async function applySeed(db: Db, keyring: Keyring, seed: Seed, clock: RealClock): Promise<SeededOrganization[]> {
  const result: SeededOrganization[] = [];
  for (const org of seed.organizations) {
    const clients = org.clients ?? [];
    // Hashing (scrypt) before the transaction: it runs on the thread pool.
    const hashes = await Promise.all(clients.map((c) => hashSecret(c.client_secret)));
    const existing = await Promise.all(clients.map((c) => findClient(db, c.client_id)));
    const owners = new Set(existing.filter((row) => row !== undefined).map((row) => row.organization_id));
    if (owners.size > 1) {
      throw new SeedError(
        `the clients of the seed's organization "${org.name}" already belong to different organizations in this database (${[...owners].join(', ')}); start on an empty DATA_DIR`,
      );
    }
    result.push(
      await db.transaction().execute(async (trx) => {
        const now = clock.realIso();
        const organizationId = [...owners][0] ?? (await createOrganization(trx, org.name, null, clock)).id;
        const seeded: SeededOrganization = { id: organizationId, name: org.name, clients: [], webhook_endpoints: [] };
        for (const [i, client] of clients.entries()) {
          const scopes = (client.scopes as Permission[] | undefined) ?? [...PERMISSIONS];
          const fields = { name: client.name ?? client.client_id, scopes: scopes.join(' '), secret_hash: hashes[i]!, pci_saq_d: client.pci_saq_d ? 1 : 0 };
          if (existing[i]) {
            await trx
              .updateTable('clients')
              .set({ ...fields, revoked_at: null })
              .where('client_id', '=', client.client_id)
              .execute();
          } else {
            await insertClient(trx, { client_id: client.client_id, organization_id: organizationId, created_at: now, revoked_at: null, ...fields });
          }
          seeded.clients.push({ client_id: client.client_id, scopes, created: !existing[i] });
        }
        for (const endpoint of org.webhook_endpoints ?? []) {
          const found = await trx
            .selectFrom('webhook_endpoints')
            .select('id')
            .where('organization_id', '=', organizationId)
            .where('url', '=', endpoint.url)
            .executeTakeFirst();
          if (found) {
            seeded.webhook_endpoints.push({ id: found.id, url: endpoint.url, created: false });
            continue;
          }
          const id = newId('webhookEndpoint');
          await trx
            .insertInto('webhook_endpoints')
            .values({
              id,
              organization_id: organizationId,
              url: endpoint.url,
              events: JSON.stringify([...new Set(endpoint.events ?? ['*'])]),
              description: endpoint.description ?? null,
              status: 'enabled',
              disabled_reason: null,
              created_at: now,
              updated_at: now,
            })
            .execute();
          const secretId = newId('webhookSecret');
          const secret = endpoint.secret ?? generateWebhookSecret();
          await trx
            .insertInto('webhook_secrets')
            .values({ id: secretId, endpoint_id: id, secret_sealed: keyring.seal(secret, `webhook_secret:${secretId}`), created_at: now, expires_at: null })
            .execute();
          seeded.webhook_endpoints.push({ id, url: endpoint.url, created: true });
        }
        return seeded;
      }),
    );
  }
  return result;
}
