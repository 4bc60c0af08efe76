import { Type, type Static } from 'typebox';
import { ListQuery } from '../../http/pagination.js';
import { formatMinor } from '../../lib/money.js';
import type { ApmPaymentsTable } from '../../db/schema.js';
import type { TransactionRow } from './store.js';

export const Transaction = Type.Object(
  {
    id: Type.String({ description: '`trx-` prefix.' }),
    payment_id: Type.String(),
    type: Type.Union(
      [
        Type.Literal('authorization'),
        Type.Literal('capture'),
        Type.Literal('void'),
        Type.Literal('reversal'),
        Type.Literal('adjustment'),
        Type.Literal('refund'),
        Type.Literal('purchase'),
      ],
      { description: 'The network operation this transaction records; `purchase` is the one transaction of an alternative payment.' },
    ),
    status: Type.Union([Type.Literal('PENDING'), Type.Literal('SUCCEEDED'), Type.Literal('REJECTED')], {
      description: 'PENDING while the network has not answered (a PENDING authorization, a refund in flight).',
    }),
    amount: Type.String({ description: "With exactly the currency's minor digits. An adjustment shows the new authorized amount." }),
    currency: Type.String(),
    response_code: Type.Union([Type.String(), Type.Null()], { description: "The network's ISO 8583 response code (`00` approved)." }),
    network_reference: Type.Union([Type.String(), Type.Null()], { description: "The network's id of the authorization the operation acted on." }),
    refund_id: Type.Union([Type.String(), Type.Null()], { description: 'The refund (`ref-`) of a refund transaction.' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Transaction' },
);
export type Transaction = Static<typeof Transaction>;

/** The purchase transaction of an alternative payment (its `transaction.id`), in the same shape. */
export function purchaseView(
  apm: Pick<ApmPaymentsTable, 'id' | 'transaction_id' | 'status' | 'amount' | 'currency' | 'created_at' | 'updated_at'>,
): Transaction {
  const status = apm.status === 'APPROVED' ? 'SUCCEEDED' : apm.status === 'IN_PROGRESS' ? 'PENDING' : 'REJECTED';
  return {
    id: apm.transaction_id,
    payment_id: apm.id,
    type: 'purchase',
    status,
    amount: formatMinor(Number(apm.amount), apm.currency),
    currency: apm.currency,
    response_code: null,
    network_reference: null,
    refund_id: null,
    created_at: apm.created_at,
    updated_at: apm.updated_at,
  };
}

export function transactionView(t: TransactionRow): Transaction {
  return {
    id: t.id,
    payment_id: t.payment_id,
    type: t.type,
    status: t.status,
    amount: formatMinor(Number(t.amount), t.currency),
    currency: t.currency,
    response_code: t.response_code,
    network_reference: t.network_reference,
    refund_id: t.refund_id,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

export const TransactionParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const TransactionListQuery = Type.Object({
  limit: ListQuery.properties.limit,
  starting_after: ListQuery.properties.starting_after,
  ending_before: ListQuery.properties.ending_before,
});
