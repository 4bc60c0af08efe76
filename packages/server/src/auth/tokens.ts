/**
 * OAuth2 client-credentials tokens (spec 4.1 and section 5): JWT access tokens
 * (`typ` at+jwt, RFC 9068 claims plus `org_id`), reused while valid, revocable.
 */
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { Db } from '../db/database.js';
import { OAuthError } from '../errors/api-error.js';
import { verifySecret } from '../crypto/secret-hash.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';
import { findClient } from './clients.store.js';
import { parseScope, type Permission } from '../http/permissions.js';
import type { Principal } from '../http/principal.js';
import { SigningKeys, TOKEN_ALGORITHM } from './signing-keys.js';
import { findReusableToken, insertToken, liveCheckoutSession, liveToken, revokeTokens, type AccessTokenRow } from './tokens.store.js';

export interface TokenRequest {
  grant_type?: string;
  client_id?: string;
  client_secret?: string;
  audience?: string;
  scope?: string;
  /** Revoke only: a specific token (RFC 7009); without it every token of the client for the audience. */
  token?: string;
  /** Revoke only (RFC 7009): ignored, every token is an access token. */
  token_type_hint?: string;
}

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/** What a checkout session's token is signed from (checkout/service.ts): fixed claims of its row. */
export interface CheckoutSessionClaims {
  id: string;
  organizationId: string;
  clientId: string;
  /** Unix seconds. */
  issuedAt: number;
  expiresAt: number;
}

interface Claims extends JWTPayload {
  client_id: string;
  scope: string;
  org_id: string;
  /** Only in a checkout session's token: the session id (`cs-`). */
  checkout_session?: string;
}

const NO_PERMISSIONS: ReadonlySet<string> = new Set();

const VERIFIED_CACHE_SIZE = 10_000;

/**
 * The principals cache's key for a token: its last characters (the signature's, as good as
 * random). Each request's Authorization header is a new string, and a Map lookup by the whole
 * token hashed all of its 1-2 KB every time: about 1.5 µs per authenticated request on this
 * machine, against about 0.1 µs for the tail and one comparison of the whole token on a hit.
 * Two tokens with the same tail share a slot: the one not stored is a miss, verified in full.
 */
const principalKey = (token: string) => token.slice(-32);

export class TokenService {
  /** Tokens whose signature and claims were verified: clients reuse one token for hours. */
  private readonly verified = new Map<string, Claims & { permissions: ReadonlySet<string> }>();
  /** Revocation checks, by jti, kept `revocationCacheMs` (revoking here clears them at once). */
  private readonly liveness = new Map<string, { at: number; live: { pciSaqD: boolean } | undefined }>();
  /**
   * The principal of a token verified and found live recently: the hot path answers without a
   * promise. Keyed by the token's tail (principalKey), the whole token kept in the entry.
   */
  private readonly principals = new Map<string, { token: string; principal: Principal; exp: number; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly keys: SigningKeys,
    private readonly options: { issuer: string; audience: string; ttlSeconds: number; narrowTtlSeconds: number; revocationCacheMs: number },
    private readonly clock: RealClock,
  ) {}

  private checkRequest(request: TokenRequest): { clientId: string; secret: string; audience: string } {
    if (!request.grant_type) throw new OAuthError('invalid_request', 'grant_type is required');
    if (request.grant_type !== 'client_credentials') {
      throw new OAuthError('unsupported_grant_type', 'only grant_type=client_credentials is supported');
    }
    const missing = (['client_id', 'client_secret', 'audience'] as const).filter((f) => !request[f]);
    if (missing.length > 0)
      throw new OAuthError(
        'invalid_request',
        `missing ${missing.join(', ')}${missing.includes('audience') ? `; send audience=${this.options.audience} ${this.audienceHint()}` : ''}`,
      );
    return { clientId: request.client_id!, secret: request.client_secret!, audience: request.audience! };
  }

  /**
   * What to send as `audience`, which the specification requires and OAuth libraries leave out
   * unless told (docs/api-conventions.md "The audience"): this server's own value.
   */
  private audienceHint(): string {
    return '(this server\'s audience, also "audience" in /.well-known/oauth-authorization-server)';
  }

  /**
   * A revoke request: RFC 7009's (`token` and client authentication, no grant
   * or audience; an audience sent is still checked) or the token request's
   * fields, whose `token` is optional (without it, every token of the client).
   */
  private checkRevokeRequest(request: TokenRequest): { clientId: string; secret: string; audience: string } {
    if (request.grant_type !== undefined) return this.checkRequest(request);
    const missing = (['token', 'client_id', 'client_secret'] as const).filter((f) => !request[f]);
    if (missing.length > 0) throw new OAuthError('invalid_request', `missing ${missing.join(', ')}`);
    return { clientId: request.client_id!, secret: request.client_secret!, audience: request.audience ?? this.options.audience };
  }

  /** Authenticates the client (constant time, also for unknown ids) and checks the audience. */
  private async authenticate(
    request: TokenRequest,
    check: (request: TokenRequest) => { clientId: string; secret: string; audience: string } = (r) => this.checkRequest(r),
  ): Promise<{ client: NonNullable<Awaited<ReturnType<typeof findClient>>>; audience: string }> {
    const { clientId, secret, audience } = check(request);
    const client = await findClient(this.db, clientId);
    const valid = await verifySecret(secret, client?.secret_hash);
    if (!client || !valid || client.revoked_at) {
      throw new OAuthError('invalid_client', 'client authentication failed', { 'www-authenticate': 'Basic realm="pasarela"' });
    }
    if (audience.replace(/\/+$/, '') !== this.options.audience) {
      throw new OAuthError('invalid_target', `audience must be ${this.options.audience} ${this.audienceHint()}`);
    }
    return { client, audience: this.options.audience };
  }

  async issue(request: TokenRequest): Promise<IssuedToken> {
    const { client, audience } = await this.authenticate(request);
    const granted = new Set(client.scopes.split(' '));
    let permissions = parseScope(client.scopes).permissions;
    if (request.scope !== undefined && request.scope.trim() !== '') {
      const asked = parseScope(request.scope);
      const refused = [...asked.unknown, ...asked.permissions.filter((p) => !granted.has(p))];
      if (refused.length > 0) throw new OAuthError('invalid_scope', `not granted to this client: ${refused.join(' ')}`);
      permissions = asked.permissions;
    }
    const scope = permissions.join(' ');
    const now = Math.floor(this.clock.realNow() / 1000);
    // A token narrowed with `scope` lives NARROW_TOKEN_TTL_SECONDS (15 min)
    // instead of 12 hours. (A browser gets a checkout session's token instead.)
    const narrowed = permissions.length < parseScope(client.scopes).permissions.length;
    const ttl = narrowed ? Math.min(this.options.narrowTtlSeconds, this.options.ttlSeconds) : this.options.ttlSeconds;
    // Reuse (spec 4.1) while at least a tenth of the lifetime remains, so a
    // client that caches the token gets time to use it.
    const reuseMargin = Math.ceil(ttl / 10);
    let row = await findReusableToken(this.db, { clientId: client.client_id, audience, scope, validAfter: now + reuseMargin });
    if (!row) {
      row = {
        jti: newId('token'),
        client_id: client.client_id,
        organization_id: client.organization_id,
        audience,
        scope,
        issued_at: now,
        expires_at: now + ttl,
        revoked_at: null,
      };
      await insertToken(this.db, row);
    }
    return { access_token: await this.sign(row), token_type: 'Bearer', expires_in: Number(row.expires_at) - now, scope };
  }

  /** Same claims, same key, same bytes: RS256 signatures are deterministic. */
  private async signClaims(claims: Claims): Promise<string> {
    const key = await this.keys.active();
    return new SignJWT(claims).setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'at+jwt', kid: key.kid }).sign(key.privateKey);
  }

  private sign(row: AccessTokenRow): Promise<string> {
    return this.signClaims({
      iss: this.options.issuer,
      sub: row.client_id,
      aud: row.audience,
      client_id: row.client_id,
      org_id: row.organization_id,
      scope: row.scope,
      jti: row.jti,
      iat: Number(row.issued_at),
      exp: Number(row.expires_at),
    });
  }

  /**
   * A checkout session's token: an access token whose `checkout_session`
   * claim names the session, with no permissions (`scope` empty). The same
   * session row and signing key give the same string, so the token is never
   * stored: an idempotent replay of the session's creation signs it again.
   */
  signCheckoutSession(session: CheckoutSessionClaims): Promise<string> {
    return this.signClaims({
      iss: this.options.issuer,
      sub: session.id,
      aud: this.options.audience,
      client_id: session.clientId,
      org_id: session.organizationId,
      scope: '',
      checkout_session: session.id,
      jti: session.id,
      iat: session.issuedAt,
      exp: session.expiresAt,
    });
  }

  /** A session the merchant ended: this process stops admitting its token at once (others within the revocation cache's time). */
  forgetCheckoutSession(id: string): void {
    this.liveness.delete(id);
    for (const [key, hit] of this.principals) if (hit.principal.checkoutSession?.id === id) this.principals.delete(key);
  }

  /** A client revoked by this process (the dashboard): its tokens are refused here at once (elsewhere within the revocation cache's time). */
  forgetClient(clientId: string): void {
    for (const [key, hit] of this.principals) {
      if (hit.principal.clientId === clientId) {
        this.principals.delete(key);
        this.liveness.delete(hit.principal.jti);
      }
    }
    this.liveness.clear();
  }

  async revoke(request: TokenRequest): Promise<number> {
    const { client, audience } = await this.authenticate(request, (r) => this.checkRevokeRequest(r));
    let jti: string | undefined;
    if (request.token) {
      // Revoking a token that is not ours (or not a token) revokes nothing and says nothing (RFC 7009 2.2).
      const principal = await this.verify(request.token).catch(() => undefined);
      if (!principal || principal.clientId !== client.client_id) return 0;
      jti = principal.jti;
    }
    const count = await this.db
      .transaction()
      .execute((trx) => revokeTokens(trx, { clientId: client.client_id, audience, ...(jti ? { jti } : {}) }, this.clock.realIso()));
    this.liveness.clear();
    this.principals.clear();
    return count;
  }

  /**
   * Verifies a Bearer token; throws TokenInvalid for anything but a live token
   * of this deployment. A token verified once is not verified again until it
   * expires; a revocation made through another process is seen within
   * TOKEN_REVOCATION_CACHE_MS (1 s by default).
   */
  async verify(token: string): Promise<Principal> {
    const payload = await this.verifiedClaims(token);
    const session = payload.checkout_session;
    const live = await this.live(payload.jti!, session);
    if (!live) throw new TokenInvalid(session ? 'the checkout session has ended or its client was revoked' : 'the token has been revoked');
    const principal: Principal = session
      ? {
          pciSaqD: false,
          clientId: session,
          organizationId: payload.org_id,
          permissions: NO_PERMISSIONS,
          jti: payload.jti!,
          checkoutSession: { id: session, clientId: payload.client_id },
        }
      : { pciSaqD: live.pciSaqD, clientId: payload.client_id, organizationId: payload.org_id, permissions: payload.permissions, jti: payload.jti! };
    if (this.options.revocationCacheMs > 0) {
      if (this.principals.size >= VERIFIED_CACHE_SIZE) this.principals.clear();
      this.principals.set(principalKey(token), { token, principal, exp: payload.exp! * 1000, at: this.clock.realNow() });
    }
    return principal;
  }

  /**
   * The same answer as `verify`, synchronously, for a token verified within
   * the revocation cache's time and not yet expired; undefined otherwise
   * (then call `verify`).
   */
  verifyCached(token: string): Principal | undefined {
    const key = principalKey(token);
    const hit = this.principals.get(key);
    if (!hit || hit.token !== token) return undefined;
    const now = this.clock.realNow();
    if (now - hit.at >= this.options.revocationCacheMs || hit.exp <= now) {
      this.principals.delete(key);
      return undefined;
    }
    return hit.principal;
  }

  private async live(jti: string, checkoutSession?: string): Promise<{ pciSaqD: boolean } | undefined> {
    const now = this.clock.realNow();
    const cached = this.liveness.get(jti);
    if (cached && now - cached.at < this.options.revocationCacheMs) return cached.live;
    const live = checkoutSession ? await liveCheckoutSession(this.db, checkoutSession) : await liveToken(this.db, jti);
    if (this.options.revocationCacheMs > 0) {
      if (this.liveness.size >= VERIFIED_CACHE_SIZE) this.liveness.clear();
      this.liveness.set(jti, { at: now, live });
    }
    return live;
  }

  private async verifiedClaims(token: string): Promise<Claims & { permissions: ReadonlySet<string> }> {
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.exp! * 1000 > this.clock.realNow()) return cached;
      this.verified.delete(token);
      throw new TokenInvalid('the token has expired');
    }
    let payload: Claims;
    try {
      const result = await jwtVerify<Claims>(
        token,
        async (header) => {
          const key = header.kid ? await this.keys.publicKey(header.kid) : undefined;
          if (!key) throw new TokenInvalid('unknown signing key');
          return key;
        },
        {
          algorithms: [TOKEN_ALGORITHM],
          issuer: this.options.issuer,
          audience: this.options.audience,
          typ: 'at+jwt',
          requiredClaims: ['jti', 'sub', 'exp', 'iat', 'client_id', 'org_id', 'scope'],
          // Expiry against the gateway's clock, not jose's own reading of the system's.
          currentDate: new Date(this.clock.realNow()),
        },
      );
      payload = result.payload;
    } catch (error) {
      if (error instanceof TokenInvalid) throw error;
      const reason = error instanceof joseErrors.JWTExpired ? 'the token has expired' : 'the token is not valid';
      throw new TokenInvalid(reason);
    }
    // Oldest first out: a Map iterates in insertion order.
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    const verified = { ...payload, permissions: new Set(payload.scope.split(' ') as Permission[]) };
    this.verified.set(token, verified);
    return verified;
  }
}

export class TokenInvalid extends Error {}
