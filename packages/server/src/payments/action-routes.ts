/**
 * The core payment actions as routes, registered twice with one definition:
 * under /v1/payments/{id}/... (payments/routes.ts) and under
 * /v1/transactions/{id}/... (transactions/routes.ts), where `resolve` turns the
 * transaction into its payment. Either way the action runs in PaymentActions.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { principalOf } from '../http/principal.js';
import type { Principal } from '../http/principal.js';
import type { Permission } from '../http/permissions.js';
import { Refund } from './refunds/routes.js';
import type { ActionName } from './transactions/service.js';
import type { PaymentActions } from './actions.js';
import { CapturePayment, CardPayment } from './schemas.js';
import { ADJUST_LIMIT_PERCENT } from './actions.js';
import { MoneyInput } from '../lib/money.js';
import { paymentAmountCheck } from '../http/amount-checks.js';
import type { RequestCheck } from '../http/checks.js';

const AdjustPayment = Type.Object({
  amount: MoneyInput({ description: `The new authorized amount, major units: more than 0, at most ${ADJUST_LIMIT_PERCENT}% of the original authorization.` }),
});

const RefundPayment = Type.Object({
  amount: Type.Optional(MoneyInput({ description: 'Major units. Default: everything still refundable.' })),
  currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: "The payment's currency (the default)." })),
});

interface ActionRoute {
  name: ActionName;
  scopes: Permission[];
  summary: string;
  description: string;
  body?: TSchema;
  /** The body's problems that need no database (http/checks.ts); the payment's own (its currency, its amounts) come after. */
  check?: RequestCheck;
  status: 200 | 201;
  run(actions: PaymentActions, principal: Principal, paymentId: string, body: Record<string, unknown> | undefined): Promise<unknown>;
}

const WRITE: Permission[] = ['payments:write'];

export const ACTION_ROUTES: ActionRoute[] = [
  {
    name: 'authorize',
    scopes: WRITE,
    summary: 'Authorize a PENDING payment now',
    description:
      'Asks the issuer again for the answer to a PENDING authorization (instead of waiting PENDING_CARD_DELAY_SECONDS) and records it: APPROVED, AUTHORIZED (deferred capture) or REJECTED; still pending, it stays PENDING. 409 `payment_not_pending` for any other status, `payment_in_progress` while the first answer is being recorded.',
    status: 200,
    run: (a, p, id) => a.authorize(p.organizationId, id),
  },
  {
    name: 'capture',
    scopes: WRITE,
    summary: 'Capture an authorized payment',
    description:
      'Deferred-capture payments only (created with capture: false). Optional `amount` captures less (default: the authorized amount, after any adjustment). 409 `payment_not_authorized` otherwise, `payment_already_captured` once captured.',
    body: CapturePayment,
    check: paymentAmountCheck,
    status: 200,
    run: (a, p, id, body) => a.capture(p.organizationId, id, body?.amount as number | undefined),
  },
  {
    name: 'cancel',
    scopes: WRITE,
    summary: 'Cancel (void) an uncaptured payment',
    description:
      'Only while not captured; then CANCELLED, with a `void` transaction. A captured payment is 409 `payment_already_captured` (refund it instead).',
    status: 200,
    run: (a, p, id) => a.cancel(p.organizationId, id),
  },
  {
    name: 'reverse',
    scopes: WRITE,
    summary: 'Reverse an authorization at the network',
    description:
      'Undoes an uncaptured authorization (AUTHORIZED, or APPROVED before its automatic capture) at the network, for example after a timeout: CANCELLED, with a `reversal` transaction. 409 `payment_already_captured` once captured, `payment_not_cancellable` when REJECTED, CANCELLED or REFUNDED.',
    status: 200,
    run: (a, p, id) => a.reverse(p.organizationId, id),
  },
  {
    name: 'adjust',
    scopes: WRITE,
    summary: 'Adjust the authorized amount before capture',
    description: `Changes what an AUTHORIZED (deferred-capture) payment holds, through the network, with an \`adjustment\` transaction. \`amount\` more than 0 and at most ${ADJUST_LIMIT_PERCENT}% of the original authorization (422 otherwise). 409 \`payment_already_captured\` after capture, \`payment_not_authorized\` in any other status.`,
    body: AdjustPayment,
    check: paymentAmountCheck,
    status: 200,
    run: (a, p, id, body) => a.adjust(p.organizationId, id, body!.amount as number),
  },
  {
    name: 'refund',
    scopes: ['payments:refund'],
    summary: 'Refund a captured payment',
    description:
      'POST /v1/refunds for this payment: 201 with the refund (and its `transaction_id`). `amount` defaults to everything still refundable. 409 `payment_not_captured` before capture, `refund_exceeds_captured` beyond the captured amount (also under concurrent requests), `payment_disputed` for the part a chargeback disputes.',
    body: RefundPayment,
    check: paymentAmountCheck,
    status: 201,
    run: (a, p, id, body) => a.refund(p.organizationId, id, body ?? {}),
  },
  {
    name: 'cancel-or-refund',
    scopes: ['payments:write', 'payments:refund'],
    summary: 'Cancel if not captured, refund otherwise',
    description:
      'Not captured: cancels (needs payments:write). Captured: refunds everything still refundable (needs payments:refund). 200 with the payment and the transaction recorded (`void`, or `refund` with its `refund_id`). 409 `payment_in_progress` while a capture is in flight.',
    status: 200,
    run: (a, p, id) => a.cancelOrRefund(p, id),
  },
];

export function registerActionRoutes(
  base: FastifyInstance,
  opts: {
    prefix: '/v1/payments' | '/v1/transactions';
    tags: string[];
    actions: PaymentActions;
    resolve: (organizationId: string, id: string, action: ActionName) => Promise<string>;
  },
): void {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const byTransaction = opts.prefix === '/v1/transactions';
  for (const route of ACTION_ROUTES) {
    const description = byTransaction
      ? `${route.description} By transaction id: acts on the transaction's payment; a transaction of another type than the action accepts is 422 on \`id\`.`
      : route.description;
    app.post(
      `${opts.prefix}/:id/${route.name}`,
      {
        config: { scopes: route.scopes, ...(route.check ? { checks: { body: route.check } } : {}) },
        schema: {
          tags: opts.tags,
          summary: byTransaction ? `${route.summary} (by transaction)` : route.summary,
          description,
          params: Type.Object({ id: Type.String({ maxLength: 100, description: byTransaction ? 'A `trx-` id.' : 'A `pay-` id.' }) }),
          ...(route.body ? { body: route.body } : {}),
          response: { [route.status]: route.status === 201 ? Refund : CardPayment },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const paymentId = await opts.resolve(principal.organizationId, request.params.id, route.name);
        const result = await route.run(opts.actions, principal, paymentId, request.body as Record<string, unknown> | undefined);
        return reply.code(route.status).send(result as never);
      },
    );
  }
}
