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
