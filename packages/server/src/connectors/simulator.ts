/**
 * The sandbox's simulator as a registered connector (registry.ts): its card
 * network (card-network/simulator.ts) behind any number of connector
 * accounts, and the deployment's default account when CONNECTORS=simulator.
 * Its credentials are checked like a real processor's (an `api_key`, any
 * value) so that the sandbox rehearses what a merchant will do in
 * production; `notification_secret` (else `api_key`) signs the notifications
 * it sends (simulator-notifications.ts): its disputes reach the gateway
 * through the inbound path (notifications.ts), as a real network's do.
 */
import { Type } from 'typebox';
import { CardNetworkSimulator } from './card-network/simulator.js';
import { readNativeNotification } from './notifications.js';
import type { ConnectorDefinition } from './registry.js';
import { signingKey, SimulatorNotifier, verifySimulatorNotification } from './simulator-notifications.js';

export const SimulatorCredentials = Type.Object(
  {
    api_key: Type.String({ minLength: 8, maxLength: 200, description: 'Any value of 8 characters or more: the simulator accepts it.' }),
    notification_secret: Type.Optional(
      Type.String({
        pattern: '^whsec_[A-Za-z0-9+/=]{32,}$',
        description: 'Signs the notifications the simulator sends (Standard Webhooks: `whsec_` and base64 of 24 bytes or more).',
      }),
    ),
  },
  { additionalProperties: false },
);

export interface SimulatorOptions {
  remote: boolean;
  /** The deadline its disputes give the merchant (CHARGEBACK_RESPONSE_SECONDS). */
  chargebackResponseSeconds: number;
}

export function simulatorConnector(options: SimulatorOptions): ConnectorDefinition<typeof SimulatorCredentials> {
  return {
    id: 'simulator',
    description: 'The sandbox card network and rails (docs/sandbox.md, test cards).',
    families: ['card'],
    credentials: SimulatorCredentials,
    sandboxOnly: true,
    card: (credentials, deps) =>
      new CardNetworkSimulator(deps.db, deps.clock, {
        remote: options.remote,
        chargebackResponseSeconds: options.chargebackResponseSeconds,
        ...(deps.notifications ? { notifier: new SimulatorNotifier(deps.notifications, deps.accountId, signingKey(credentials), deps.clock) } : {}),
      }),
    verifyNotification: (credentials, request, clock) => verifySimulatorNotification(credentials, request, clock),
    readNotification: readNativeNotification,
  };
}
