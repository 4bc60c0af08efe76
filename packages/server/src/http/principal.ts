/**
 * Who is calling: the principal the authentication hook (auth/authenticate.ts)
 * sets on each request from a verified access token. It sits in http/, below
 * the features and auth/, so route configuration and internal requests can
 * name it without importing auth/.
 */
/** Who is calling, from a verified access token. */
export interface Principal {
  clientId: string;
  organizationId: string;
  permissions: ReadonlySet<string>;
  jti: string;
  /** The operator marked the client PCI DSS SAQ D (may send clear card data). */
  pciSaqD: boolean;
  /**
   * Set for a checkout session's token (checkout/): `clientId` is then the
   * session id (its own idempotency keys and rate-limit budget), this names
   * the client that created it, and `permissions` is empty. Such a principal
   * may call only the routes marked `checkoutSession` (auth/authenticate.ts).
   */
  checkoutSession?: { id: string; clientId: string };
}

/** A checkout session's principal (checkout/): the routes a browser calls with its token hand it over to the checkout. */
export type SessionPrincipal = Principal & { checkoutSession: NonNullable<Principal['checkoutSession']> };

/** The caller of an authenticated route (set by auth/authenticate.ts). */
export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new Error('route is public: no principal');
  return request.principal;
}
