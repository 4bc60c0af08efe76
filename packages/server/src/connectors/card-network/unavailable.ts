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
}

/** Refuses (503) before anything is recorded when no card network is configured. */
export function requireNetwork(network: CardNetworkConnector): void {
  if (!network.available) throw new ApiError('service_unavailable', 'No card network is configured in this deployment (CONNECTORS=none).');
}
