/**
 * Dashboard roles and what each may do through the pass-through to /v1
 * (docs/dashboard.md "Roles"): a viewer reads (every `*:read` permission but
 * secrets and card numbers), a developer and an owner may also write and move
 * money. No role reaches API-key management through /v1: keys are only the
 * dashboard's own routes (dashboard/routes.ts), and only for owners and
 * developers. Only owners invite.
 */
import { PERMISSIONS, type Permission } from '../http/permissions.js';
import type { DashboardRole } from '../db/schema.js';

export const ROLES = ['owner', 'developer', 'viewer'] as const satisfies readonly DashboardRole[];

/** Never through the pass-through: key management (dashboard routes), card numbers in clear, the terminals' socket. */
const NEVER: ReadonlySet<Permission> = new Set(['clients:read', 'instruments:read-sensitive-data', 'payment-instructions:ws']);
/** Reads that still reveal a secret: not for viewers. */
const SECRET_READS: ReadonlySet<Permission> = new Set(['secrets:read']);

const VIEWER = new Set<string>(PERMISSIONS.filter((p) => p.endsWith(':read') && !NEVER.has(p) && !SECRET_READS.has(p)));
const WRITER = new Set<string>(PERMISSIONS.filter((p) => !NEVER.has(p)));

export function roleScopes(role: DashboardRole): ReadonlySet<string> {
  return role === 'viewer' ? VIEWER : WRITER;
}

const EVERY = new Set<string>(PERMISSIONS);
const NONE = new Set<string>();

/**
 * What a role may put in an API key it creates: an owner any permission (a
 * terminal's key needs payment-instructions:ws, a PCI DSS SAQ D server's
 * instruments:read-sensitive-data); a developer only what the role itself
 * holds, so a key never gives a person more than their role; a viewer none.
 */
export function keyPermissions(role: DashboardRole): ReadonlySet<string> {
  return role === 'owner' ? EVERY : role === 'developer' ? WRITER : NONE;
}

export function canManageKeys(role: DashboardRole): boolean {
  return role === 'owner' || role === 'developer';
}

export function canInvite(role: DashboardRole): boolean {
  return role === 'owner';
}

/** The spec's permission table (section 5), for the key form: what each permission covers. */
const DESCRIPTIONS: Record<Permission, string> = {
  'payments:read': 'Query payments, transactions and their states',
  'payments:write': 'Create, authorize, cancel, capture and adjust payments',
  'payments:refund': 'Refunds',
  'organizations:read': 'Read the organization and those it registered',
  'organizations:write': 'Update organizations',
  'organizations:create': 'Register new organizations',
  'merchants:read': 'Read merchants',
  'merchants:write': 'Create and change merchants',
  'instruments:read': 'Read instruments (masked)',
  'instruments:write': 'Create and change instruments',
  'instruments:read-sensitive-data': 'Unmasked card numbers and tokens',
  'card-present:read': 'Read card-present transactions',
  'card-present:write': 'Make card-present transactions',
  'chargebacks:read': 'Read chargebacks and attachments',
  'chargebacks:write': 'Answer chargebacks: accept, dispute, evidence',
  'cashouts:read': 'Read cashouts',
  'cashouts:write': 'Make cashouts',
  'fraud:read': 'Read fraud rules and evaluations',
  'fraud:write': 'Change fraud rules',
  'clients:read': 'List the API clients (never their secrets)',
  'terminals:read': 'Read terminals',
  'terminals:write': 'Create and change terminals',
  'points:read': 'Read points of sale',
  'points:write': 'Create and change points of sale',
  'webhooks:read': 'Read webhook endpoints, events and deliveries',
  'webhooks:write': 'Create and change webhook endpoints, redeliver',
  'users:read': 'Read users',
  'users:write': 'Create and change users',
  'secrets:read': 'Secrets such as webhook signing keys',
  'links-api:read': 'Read payment links',
  'links:write': 'Create and change payment links',
  '3ds:write': '3-D Secure flows',
  'compliance:write': 'Compliance settings (encryption key rotation)',
  'payment-instructions:ws': 'WebSocket for real-time payment instructions (terminals)',
  'connector-accounts:read': 'Read connector accounts and routing',
  'connector-accounts:write': 'Change connector accounts, their credentials and routing',
  'balance:read': 'Read balances, ledger entries, settlements and payouts',
  'payouts:write': 'Pay out the balance; change the settlement and payout settings',
  'reports:read': 'Make and download reconciliation reports',
};

/** The permissions grouped by resource, in the spec's order. */
export function permissionCatalogue(): Array<{ resource: string; permissions: Array<{ name: Permission; description: string }> }> {
  const groups = new Map<string, Array<{ name: Permission; description: string }>>();
  for (const name of PERMISSIONS) {
    const resource = name.split(':')[0]!;
    if (!groups.has(resource)) groups.set(resource, []);
    groups.get(resource)!.push({ name, description: DESCRIPTIONS[name] });
  }
  return [...groups].map(([resource, permissions]) => ({ resource, permissions }));
}
