/**
 * API clients (spec section 5 "Credentials"): a name, permissions, a client id
 * and a secret shown once. Each belongs to one organization; provisioning a
 * client without one creates its default organization (spec section 2).
 * Used by the operator CLI and by start-up (bootstrap and first-run client).
 */
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import { generateSecret, hashSecret } from '../crypto/secret-hash.js';
import { Secret } from '../crypto/secret.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';
import { createOrganization } from '../organizations/service.js';
import { countClients, findClient, insertClient } from './clients.store.js';
import { PERMISSIONS, parseScope, type Permission } from '../http/permissions.js';

export interface NewClient {
  name: string;
  /** An existing organization, or the name of a new one; neither: a new default organization. */
  organizationId?: string;
  newOrganizationName?: string;
  scopes?: Permission[];
  /** PCI DSS SAQ D certified: may tokenize clear card data. */
  pciSaqD?: boolean;
  /** Only for bootstrap: the operator chooses id and secret. */
  clientId?: string;
  secret?: string;
  /** The scrypt cost of the secret's hash, N = 2^this (default SECRET_HASH_LOG_N; the suite's clients use the least). */
  secretHashLogN?: number;
}

export interface ProvisionedClient {
  client_id: string;
  client_secret: Secret;
  organization_id: string;
  scopes: Permission[];
}

export class ClientProvisioningError extends Error {}

export function scopesFromList(list: string): Permission[] {
  const { permissions, unknown } = parseScope(list.replace(/,/g, ' '));
  if (unknown.length > 0) throw new ClientProvisioningError(`unknown permission(s): ${unknown.join(', ')}`);
  if (permissions.length === 0) throw new ClientProvisioningError('at least one permission is required');
  return permissions;
}

export async function provisionClient(db: Db, input: NewClient, clock: RealClock): Promise<ProvisionedClient> {
  if (!input.name.trim()) throw new ClientProvisioningError('a client needs a name');
  const secret = input.secret ?? generateSecret();
  const secretHash = await hashSecret(secret, input.secretHashLogN);
  const scopes = input.scopes ?? [...PERMISSIONS];
  const clientId = input.clientId ?? newId('client');
  return db.transaction().execute(async (trx) => {
    let organizationId = input.organizationId;
    if (organizationId) {
      const org = await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
      if (!org) throw new ClientProvisioningError(`no organization ${organizationId}`);
    } else {
      const org = await createOrganization(trx, input.newOrganizationName ?? `${input.name.trim()} (default)`, null, clock);
      organizationId = org.id;
    }
    await insertClient(trx, {
      client_id: clientId,
      name: input.name.trim(),
      organization_id: organizationId,
      scopes: scopes.join(' '),
      secret_hash: secretHash,
      pci_saq_d: input.pciSaqD ? 1 : 0,
      created_at: clock.realIso(),
      revoked_at: null,
    });
    return { client_id: clientId, client_secret: new Secret(secret), organization_id: organizationId, scopes };
  });
}

/**
 * BOOTSTRAP_CLIENT_ID/SECRET: provision that client with every permission if
 * it does not exist yet. Several processes may start at once; the loser of the
 * insert race finds the winner's client.
 */
export async function ensureBootstrapClient(db: Db, id: string, secret: string, clock: RealClock): Promise<boolean> {
  if (await findClient(db, id)) return false;
  try {
    await provisionClient(db, { name: 'Bootstrap client', clientId: id, secret, newOrganizationName: 'Default organization' }, clock);
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * The first start of an empty sandbox provisions one client to try the API
 * with. Several processes may start at once: a unique insert elects the one
 * that provisions it. Returns undefined when clients exist or another won.
 */
export async function provisionFirstRunClient(db: Db, clock: RealClock): Promise<ProvisionedClient | undefined> {
  if ((await countClients(db)) > 0) return undefined;
  try {
    await db.insertInto('settings').values({ key: 'first_run_client', value: 'provisioned', created_at: clock.realIso() }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  return provisionClient(db, { name: 'Sandbox client', newOrganizationName: 'Sandbox organization' }, clock);
}
