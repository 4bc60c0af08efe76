/**
 * What the connector tests read back from the gateway's database: the stored
 * payment's status and upstream reference, and whether the simulator (the
 * fallback account of their routing rules) was asked to authorize it.
 */
import type { TestGateway } from './gateway.js';

export const stored = (gw: TestGateway, id: string) =>
  gw.db.selectFrom('payments').select(['status', 'network_reference', 'response_code']).where('id', '=', id).executeTakeFirstOrThrow();

export const simulatorSaw = async (gw: TestGateway, id: string): Promise<boolean> =>
  Boolean(await gw.db.selectFrom('simulator_operations').select('reference').where('reference', '=', `auth:${id}`).executeTakeFirst());

/** A processor's fake that, in its `slow` mode, acts on a payment but holds the answer until `release()` (fake-stripe.ts, fake-mercadopago.ts). */
interface HoldingFake {
  mode: string;
  release(): void;
}

/** What `call` gets while `fake` holds its answers (a timeout after the processor acted); the held answers are sent after. */
export async function whileHeld<T>(fake: HoldingFake, call: () => Promise<T>): Promise<T> {
  fake.mode = 'slow';
  try {
    return await call();
  } finally {
    fake.mode = 'normal';
    fake.release();
  }
}
