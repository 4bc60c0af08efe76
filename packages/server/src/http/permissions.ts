/** The permissions of spec section 5, in the order tokens list them. */
export const PERMISSIONS = [
  'payments:read',
  'payments:write',
  'payments:refund',
  'organizations:read',
  'organizations:write',
  'organizations:create',
  'merchants:read',
  'merchants:write',
  'instruments:read',
  'instruments:write',
  'instruments:read-sensitive-data',
  'card-present:read',
  'card-present:write',
  'chargebacks:read',
  'chargebacks:write',
  'cashouts:read',
  'cashouts:write',
  'fraud:read',
  'fraud:write',
  'clients:read',
  'terminals:read',
  'terminals:write',
  'points:read',
  'points:write',
  'webhooks:read',
  'webhooks:write',
  'users:read',
  'users:write',
  'secrets:read',
  'links-api:read',
  'links:write',
  '3ds:write',
  'compliance:write',
  'payment-instructions:ws',
  'connector-accounts:read',
  'connector-accounts:write',
  'balance:read',
  'payouts:write',
  'reports:read',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const KNOWN = new Set<string>(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return KNOWN.has(value);
}

/** Splits a space-separated scope string into a de-duplicated list in canonical order. */
export function parseScope(scope: string): { permissions: Permission[]; unknown: string[] } {
  const requested = new Set(scope.split(/\s+/).filter(Boolean));
  return {
    permissions: PERMISSIONS.filter((p) => requested.has(p)),
    unknown: [...requested].filter((p) => !KNOWN.has(p)),
  };
}
