import { ApiError } from '../../errors/api-error.js';
import type { CardNetworkConnector } from './connector.js';

/** CONNECTORS=none: no card network is configured in this deployment. */
export class NoCardNetwork implements CardNetworkConnector {
  readonly available = false;

  private refuse(): never {
    throw new ApiError('service_unavailable', 'No card network is configured in this deployment (CONNECTORS=none).');
  }

  authorize(): never {
    return this.refuse();
  }
  lookup(): never {
    return this.refuse();
  }
  capture(): never {
    return this.refuse();
  }
  void(): never {
    return this.refuse();
  }
  reverse(): never {
    return this.refuse();
  }
  adjust(): never {
    return this.refuse();
  }
  refund(): never {
    return this.refuse();
  }
  decideDispute(): never {
    return this.refuse();
  }
}

/** Refuses (503) before anything is recorded when no card network is configured. */
export function requireNetwork(network: CardNetworkConnector): void {
  if (!network.available) throw new ApiError('service_unavailable', 'No card network is configured in this deployment (CONNECTORS=none).');
}

/**
 * `requireNetwork`, and for a network that routes per organization, that this
 * organization has somewhere to send a card payment: 503 before anything is
 * validated or recorded otherwise.
 */
export async function requireNetworkFor(
  network: CardNetworkConnector & { availableTo?(organizationId: string): Promise<boolean> },
  organizationId: string,
): Promise<void> {
  requireNetwork(network);
  if (network.availableTo && !(await network.availableTo(organizationId)))
    throw new ApiError(
      'service_unavailable',
      'No card connector account serves this organization and the deployment has no default (CONNECTORS=none): add one with POST /v1/connector-accounts.',
    );
}
