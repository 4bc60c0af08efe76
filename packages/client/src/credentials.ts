/**
 * Access tokens. Client credentials: fetched from `POST /oauth/token` on first
 * use, cached, renewed when a fifth of their lifetime remains, one request in
 * flight however many calls wait for it; after a 401 the stale token is dropped
 * once and a new one fetched. A static token (a browser credential) is sent as is.
 */
import type { AccessToken } from './types.js';
import type { Credentials } from './transport.js';

export class StaticToken implements Credentials {
  constructor(private readonly value: string) {}
  token(): Promise<string> {
    return Promise.resolve(this.value);
  }
  invalidate(): boolean {
    return false;
  }
}

interface Cached {
  token: string;
  renewAt: number;
}

/** Renew when this share of the token's lifetime remains (the gateway reissues the same token until a tenth remains). */
const RENEW_WHEN_LEFT = 0.2;

export class ClientCredentials implements Credentials {
  private cached: Cached | undefined;
  private inFlight: Promise<string> | undefined;

  constructor(
    private readonly exchange: () => Promise<AccessToken>,
    private readonly now: () => number = Date.now,
  ) {}

  token(): Promise<string> {
    if (this.cached && this.now() < this.cached.renewAt) return Promise.resolve(this.cached.token);
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  invalidate(stale: string): boolean {
    if (this.cached?.token === stale) this.cached = undefined;
    return true;
  }

  private async fetchToken(): Promise<string> {
    const started = this.now();
    const answer = await this.exchange();
    const lifetimeMs = Math.max(0, answer.expires_in) * 1000;
    this.cached = { token: answer.access_token, renewAt: started + lifetimeMs * (1 - RENEW_WHEN_LEFT) };
    return answer.access_token;
  }
}
