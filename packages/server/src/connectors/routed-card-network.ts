/**
 * The card network the payment features hold (gateway/services.ts): it asks
 * the router (routing.ts) which connector accounts a payment goes to and
 * sends each operation to the right one.
 *
 * - An organization with no account goes to the deployment's default
 *   (CONNECTORS: the simulator, or the 503 answer of `none`) at no cost.
 * - An authorization tries the routed accounts in order, and moves to the
 *   next ONLY on `ConnectorUnreachable` (the processor was never reached).
 *   Any other failure after the request may have reached it (a timeout, a
 *   reset, or the connector's own unexpected error: a bug, a package's
 *   surprise) leaves the payment PENDING (`09`, the error logged), looked up
 *   later through the same account; when no account could be reached, it is declined with `91`
 *   (issuer or switch inoperative) without any processor having seen it.
 * - The account is written beside our reference before the call
 *   (`connector_references`), so a lookup after a crash asks it, and the
 *   network reference the payment keeps is prefixed with the account's
 *   reference key (`ca12345678:<processor's reference>`), so its captures,
 *   voids, refunds, refund lookups and disputes go back to the same account.
 */
import { isTransientDatabaseError, type Db, type Executor } from '../db/database.js';
import { ApiError, ProcessorFailure } from '../errors/api-error.js';
import { brandOf } from '../cards/rules.js';
import { requireNetwork } from './card-network/unavailable.js';
import type { AccountSummary, ConnectorAccounts } from './accounts.js';
import type {
  AuthorizationResult,
  AuthorizeRequest,
  CardNetworkConnector,
  DisputeDecision,
  DisputeRequest,
  OperationRequest,
  OperationResult,
  RefundLookup,
} from './card-network/connector.js';
import { ConnectorOutcomeUnknown, ConnectorUnreachable } from './http.js';
import type { Router } from './routing.js';
import type { RealClock } from '../clock/clock.js';
import type { FastifyBaseLogger } from 'fastify';

const PREFIXED = /^(ca[0-9a-z]{8}):(.*)$/s;

type Within = (db: Executor, request: AuthorizeRequest) => Promise<AuthorizationResult>;

export class RoutedCardNetwork implements CardNetworkConnector {
  constructor(
    private readonly db: Db,
    private readonly fallback: CardNetworkConnector,
    private readonly accounts: ConnectorAccounts,
    private readonly router: Router,
    private readonly clock: RealClock,
    /** Whether an organization's accounts may serve payments here: a connector usable in this environment is registered. */
    private readonly routable: boolean,
    /** Where a connector's unexpected error in an authorization is written (the payment itself stays pending). */
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /**
   * Whether card payments can go anywhere. False only with CONNECTORS=none
   * and no connector usable in this environment: every card operation
   * answers 503 before recording anything, as before accounts existed.
   */
  get available(): boolean {
    return this.fallback.available || this.routable;
  }

  /**
   * Whether this organization's card payments can go anywhere: the default
   * network, or an enabled card account of its own (a connector such as
   * `stripe` is registered in production too, so `available` alone cannot tell).
   */
  async availableTo(organizationId: string): Promise<boolean> {
    if (this.fallback.available) return true;
    return this.routable && (await this.router.serves(organizationId, 'card'));
  }

  private route(request: AuthorizeRequest): Promise<AccountSummary[]> {
    const number = request.card.number.reveal();
    return this.router.route(request.organizationId, {
      family: 'card',
      currency: request.currency,
      amount: request.amount,
      brand: brandOf(number),
      bin: number.slice(0, 8),
    });
  }

  async withinFor(request: AuthorizeRequest): Promise<Within | undefined> {
    const route = await this.route(request);
    if (route.length === 0) {
      // CONNECTORS=none and no account of the organization: 503 before the payment is inserted.
      requireNetwork(this.fallback);
      return this.fallback.authorizeWithin?.bind(this.fallback);
    }
    const first = route[0]!;
    const connector = await this.accounts.card(first.id, first.rotatedAt);
    // A network in this database (the simulator) answers in the payment's transaction; a remote one takes the two steps.
    const within = connector.authorizeWithin?.bind(connector);
    if (!within) return undefined;
    return async (trx, req) => {
      await this.remember(trx, req.reference, first.id);
      return prefixed(first.referenceKey, await within(trx, req));
    };
  }

  authorizeWithin?: undefined;

  async authorize(request: AuthorizeRequest): Promise<AuthorizationResult> {
    const route = await this.route(request);
    if (route.length === 0) return this.fallback.authorize(request);
    for (const account of route) {
      await this.remember(this.db, request.reference, account.id);
      const connector = await this.accounts.card(account.id, account.rotatedAt);
      try {
        return prefixed(account.referenceKey, await connector.authorize(request));
      } catch (error) {
        if (error instanceof ConnectorUnreachable) continue;
        if (error instanceof ApiError || isTransientDatabaseError(error)) throw error;
        // The request may have reached the processor: a timeout after sending, or the connector's own
        // error (a bug, a package's unexpected failure), which the operator must see.
        if (!(error instanceof ConnectorOutcomeUnknown))
          this.log.error({ err: error, connector: account.connector, account: account.id }, 'connector failed in an authorization; the payment stays pending');
        return { outcome: 'pending', responseCode: '09', networkReference: `${account.referenceKey}:` };
      }
    }
    return { outcome: 'declined', responseCode: '91', networkReference: '' };
  }

  /** Which account our reference was sent to, written (or moved to the next account) before each call. */
  private async remember(db: Executor, reference: string, accountId: string): Promise<void> {
    await db
      .insertInto('connector_references')
      .values({ reference, account_id: accountId, created_at: this.clock.realIso() })
      .onConflict((oc) => oc.column('reference').doUpdateSet({ account_id: accountId }))
      .execute();
  }

  async lookup(reference: string): Promise<AuthorizationResult | undefined> {
    const account = await this.accounts.byReference(reference);
    if (!account) return this.fallback.lookup(reference);
    const connector = await this.accounts.card(account.id, account.rotatedAt);
    const result = await connector.lookup(reference);
    return result && prefixed(account.referenceKey, result);
  }

  async authorizationOf(networkReference: string): Promise<AuthorizationResult | undefined> {
    const match = PREFIXED.exec(networkReference);
    const { connector, networkReference: own } = await this.target(networkReference);
    if (!connector.authorizationOf) return undefined;
    const result = await connector.authorizationOf(own);
    return result && (match ? prefixed(match[1]!, result) : result);
  }

  /** The account's connector and the processor's own reference, or the default for an unprefixed reference. */
  private async target(networkReference: string): Promise<{ connector: CardNetworkConnector; networkReference: string }> {
    const match = PREFIXED.exec(networkReference);
    if (!match) return { connector: this.fallback, networkReference };
    const account = await this.accounts.byReferenceKey(match[1]!);
    if (!account) throw new Error(`no connector account has the reference key ${match[1]}`);
    return { connector: await this.accounts.card(account.id, account.rotatedAt), networkReference: match[2]! };
  }

  /**
   * A capture, void, reversal, adjustment or refund, sent to the account the payment went to. A
   * connector that fails with anything but an answer, an ApiError or its client's verdicts (a
   * bug, a package's unexpected error) may have reached the processor: that is
   * `ConnectorOutcomeUnknown`, so the operation stays pending for its recovery job and the
   * request is answered 503, never 500.
   */
  private async operate(request: OperationRequest, run: (c: CardNetworkConnector, r: OperationRequest) => Promise<OperationResult>): Promise<OperationResult> {
    const { connector, networkReference } = await this.target(request.networkReference);
    try {
      return await run(connector, { ...request, networkReference });
    } catch (error) {
      if (error instanceof ApiError || error instanceof ProcessorFailure || isTransientDatabaseError(error)) throw error;
      throw new ConnectorOutcomeUnknown(`the connector failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  capture(request: OperationRequest): Promise<OperationResult> {
    return this.operate(request, (c, r) => c.capture(r));
  }
  void(request: OperationRequest): Promise<OperationResult> {
    return this.operate(request, (c, r) => c.void(r));
  }
  reverse(request: OperationRequest): Promise<OperationResult> {
    return this.operate(request, (c, r) => c.reverse(r));
  }
  adjust(request: OperationRequest): Promise<OperationResult> {
    return this.operate(request, (c, r) => c.adjust(r));
  }
  refund(request: OperationRequest): Promise<OperationResult> {
    return this.operate(request, (c, r) => c.refund(r));
  }
  /**
   * A refund's current outcome, asked of the account its payment went to with the processor's own payment
   * reference (the prefix removed; the refund's own id never carries one); undefined when that account's
   * connector cannot look refunds up (a connector without `refundOf`, the default of CONNECTORS=none).
   */
  async refundOf(request: RefundLookup): Promise<OperationResult | undefined> {
    const { connector, networkReference } = await this.target(request.networkReference);
    if (!connector.refundOf) return undefined;
    return connector.refundOf({ ...request, networkReference });
  }
  async decideDispute(request: DisputeRequest): Promise<DisputeDecision | undefined> {
    const { connector, networkReference } = await this.target(request.networkReference);
    return connector.decideDispute({ ...request, networkReference });
  }
}

function prefixed(key: string, result: AuthorizationResult): AuthorizationResult {
  return { ...result, networkReference: `${key}:${result.networkReference}` };
}
