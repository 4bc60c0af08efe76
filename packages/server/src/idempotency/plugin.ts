/**
 * The Idempotency-Key header (spec sections 7 and 8) on every POST, PUT, PATCH
 * and DELETE of an authenticated route: 8 to 64 characters; a replay returns
 * the stored status and body with `Idempotent-Replayed: true`; the same key
 * with another request is 409 idempotency_key_mismatch; while the first is
 * running, 409 idempotency_conflict. Keys are per client and kept 24 hours.
 * Only 2xx answers are stored: an error changed nothing, so a retry runs again.
 *
 * "Another request" means another request as validated, not other JSON text:
 * the hash is taken over the body after validation (property order, unknown
 * properties and defaults do not count) with every money amount in one form,
 * so `"amount": "150000.00"` and `"amount": 150000` are the same request.
 *
 * Nothing secret is kept: the request hash is an HMAC under a deployment
 * secret, taken over the body with a clear card number replaced by its keyed
 * fingerprint (the vault's) and any CVV left out; a route that answers with a
 * secret names the fields (`config.idempotency.redactReply`) that the stored
 * reply, and so a replay, leaves out.
 *
 * An error releases the key, except a 504 timeout: its work may still finish, so the key stays
 * reserved (retries get idempotency_conflict) until STALE_LOCK_SECONDS.
 *
 * A lock records the gateway instance holding it (liveness.ts) and a token of
 * its own. A key whose owner died (kill -9: no heartbeat for
 * INSTANCE_DEAD_AFTER_SECONDS) is taken over by the next retry at once. The
 * owner may only be paused, and wake up later: every transaction of the
 * request checks the token just before its commit (the fence,
 * db/commit-guard.ts), and so does the storing of its answer, so after a
 * takeover the old owner commits nothing more and answers 409
 * idempotency_conflict. docs/reliability.md says what this guarantees.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyRequest,
  RouteHandlerMethod,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Db } from '../db/database.js';
import { endCommitGuard, withCommitGuard, type CommitGuard } from '../db/commit-guard.js';
import { Secret } from '../crypto/secret.js';
import { ApiError } from '../errors/api-error.js';
import { isoPlusSeconds } from '../lib/time.js';
import { canonicalAmount, MONEY_INPUT } from '../lib/money.js';
import type { InstanceLiveness } from './liveness.js';
import { completeKey, fenceStatement, KeyStoreFailure, releaseKey, reserveKey, type Reservation } from './store.js';
import { JSON_CONTENT_TYPE } from '../lib/content-types.js';
import { idempotencyKeyOf, idempotencyKeyProblem, KEY_LENGTH, MUTATING } from '../errors/idempotency-key.js';
import type { RealClock } from '../clock/clock.js';

/** A lock is taken over after this long whoever holds it (a request still running after its 504). */
const STALE_LOCK_SECONDS = 120;

/** What the old owner of a taken-over key answers: another process now runs the request; a retry gets its answer. */
function lockLost(): ApiError {
  return new ApiError(
    'idempotency_conflict',
    "This request's Idempotency-Key was taken over by a retry in another process; retry shortly for its answer.",
    [],
    { 'retry-after': '1' },
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { clientId: string; key: string; open: boolean; token: string; guard: CommitGuard; timedOut?: boolean } | null;
  }
  interface FastifyContextConfig {
    idempotency?: {
      /** Top-level fields of a 2xx answer (a secret) that the stored reply leaves out, so a replay never shows them. */
      redactReply?: readonly string[];
      /** For a left-out secret the route can derive again (a checkout session's token): puts it back into a replay. */
      restore?: (request: FastifyRequest, stored: string) => Promise<string>;
    };
  }
}

/** The vault's keyed fingerprint of a card number (instruments/vault.ts). */
export type CardFingerprint = (organizationId: string, number: Secret) => Promise<string>;

const CLEAR_CVV = /^\s*\d{3,4}\s*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body as the request hash sees it: `card.number` in clear (the direct form
 * of a PCI DSS SAQ D client) becomes the organization's keyed fingerprint of
 * it; a CVV (`cvv`, `card.cvv`, or a clear CVV sent by mistake as
 * `encrypted_cvv`) is left out. Same card, same hash; another card, another.
 */
async function hashableBody(body: unknown, organizationId: string, fingerprint: CardFingerprint): Promise<unknown> {
  if (!isRecord(body)) return body;
  const out: Record<string, unknown> = { ...body };
  delete out.cvv;
  if (typeof out.encrypted_cvv === 'string' && CLEAR_CVV.test(out.encrypted_cvv)) delete out.encrypted_cvv;
  if (isRecord(out.card)) {
    const card: Record<string, unknown> = { ...out.card };
    delete card.cvv;
    if (typeof card.encrypted_cvv === 'string' && CLEAR_CVV.test(card.encrypted_cvv)) delete card.encrypted_cvv;
    if (typeof card.number === 'string' || typeof card.number === 'number') {
      card.number = `fingerprint:${await fingerprint(organizationId, new Secret(String(card.number)))}`;
    }
    out.card = card;
  }
  return out;
}

/** The stored copy of a JSON reply without the named top-level fields. */
function redactedReply(payload: string, fields: readonly string[]): string {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (!isRecord(parsed)) return payload;
    for (const field of fields) delete parsed[field];
    return JSON.stringify(parsed);
  } catch {
    return payload;
  }
}

/** An amount in its one form (lib/money.ts canonicalAmount), written by `canonical` as a bare JSON number. */
class Amount {
  constructor(readonly digits: string) {}
}

/** A schema node as the walk below reads it (TypeBox schemas are plain JSON Schema objects). */
interface SchemaNode {
  [MONEY_INPUT]?: boolean;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  const?: unknown;
}

/** A union branch a value may be: none of its `const` properties (a discriminator such as `type`) says otherwise. */
function mayBe(schema: SchemaNode, value: unknown): boolean {
  if (!schema.properties) return true;
  if (!isRecord(value)) return false;
  return Object.entries(schema.properties).every(([key, property]) => !('const' in property) || value[key] === property.const);
}

/**
 * The body as the route's schema reads it: every money amount (a MoneyInput,
 * which takes `150000`, `150000.0` and `"150000.00"` as one amount) in one
 * form, so the same request written another accepted way hashes the same.
 * Other values are what validation left (unknown properties refused, or dropped on the routes that ignore them;
 * defaults filled in).
 */
function normalised(value: unknown, schema: SchemaNode | undefined): unknown {
  if (!schema || typeof schema !== 'object') return value;
  if (schema[MONEY_INPUT]) {
    const digits = canonicalAmount(value);
    return digits === undefined ? value : new Amount(digits);
  }
  let out = value;
  if (schema.properties && isRecord(value)) {
    const copy: Record<string, unknown> = { ...value };
    for (const [key, property] of Object.entries(schema.properties)) if (key in copy) copy[key] = normalised(copy[key], property);
    out = copy;
  } else if (schema.items && Array.isArray(value)) {
    out = value.map((item) => normalised(item, schema.items));
  }
  for (const branch of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    if (mayBe(branch, value)) out = normalised(out, branch);
  }
  return out;
}

/** JSON with sorted keys, so the same body in another property order hashes the same. */
function canonical(value: unknown): string {
  if (value instanceof Amount) return value.digits;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function registerIdempotency(
  app: FastifyInstance,
  db: Db,
  ttlSeconds: number,
  hashKey: Buffer,
  cardFingerprint: CardFingerprint,
  liveness: InstanceLiveness,
  clock: RealClock,
): void {
  // Keyed, and over a body without clear card data (hashableBody), so a stored hash cannot be brute-forced back to a card or a CVV.
  // Over the validated body with its amounts in one form (normalised): one request, one hash, however it was written.
  const requestHash = async (request: FastifyRequest, organizationId: string): Promise<string> =>
    createHmac('sha256', hashKey)
      .update(
        `${request.method} ${request.url}\n${canonical(normalised(await hashableBody(request.body, organizationId, cardFingerprint), request.routeOptions.schema?.body as SchemaNode | undefined))}`,
      )
      .digest('hex');

  app.decorateRequest('idempotency', null);

  // preHandler: after authentication and body validation, just before the handler.
  const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = idempotencyKeyOf(request);
    if (key === undefined || !request.principal) return;
    if (idempotencyKeyProblem(request)) throw new ApiError('invalid_idempotency_key', `Idempotency-Key ${KEY_LENGTH}.`);
    const clientId = request.principal.clientId;
    const now = clock.realNow();
    const token = randomBytes(16).toString('hex');
    const hash = await requestHash(request, request.principal.organizationId);
    let result: Reservation;
    try {
      result = await reserveKey(db, {
        clientId,
        key,
        requestHash: hash,
        now: new Date(now).toISOString(),
        expiresAt: isoPlusSeconds(now, ttlSeconds),
        staleBefore: isoPlusSeconds(now, -STALE_LOCK_SECONDS),
        owner: liveness.id,
        token,
        ownerAlive: (owner) => liveness.alive(owner),
      });
    } catch (error) {
      if (!(error instanceof KeyStoreFailure)) throw error;
      // Nothing ran and nothing is held: the same request, sent again, can succeed.
      request.log.error({ err: error.cause, idempotencyKey: key }, 'the database failed the Idempotency-Key reservation');
      throw new ApiError('service_unavailable', 'The database could not take the request just now; retry.', [], { 'retry-after': '1' });
    }
    switch (result.kind) {
      case 'reserved': {
        if (result.takenOver) request.log.warn({ idempotencyKey: key }, 'took over the Idempotency-Key of a dead or stale request');
        const guard: CommitGuard = { work: `${clientId}:${key}`, active: true, statement: () => fenceStatement(db, clientId, key, token), lost: lockLost };
        request.idempotency = { clientId, key, open: true, token, guard };
        return;
      }
      case 'replay': {
        // A secret the answer held (a checkout session's token) was not stored: derived again here.
        const restore = request.routeOptions.config.idempotency?.restore;
        const body = restore ? await restore(request, result.body) : result.body;
        return reply.code(result.status).header('idempotent-replayed', 'true').type(JSON_CONTENT_TYPE).send(body);
      }
      case 'mismatch':
        throw new ApiError('idempotency_key_mismatch', 'This Idempotency-Key was used with a different request; use a new key for a new request.');
      case 'conflict':
        throw new ApiError('idempotency_conflict', 'A request with this Idempotency-Key is in progress; retry shortly.', [], {
          'retry-after': '1',
        });
    }
  };

  const onSend: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    const slot = request.idempotency;
    if (!slot?.open) return payload;
    slot.open = false;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      endCommitGuard(slot.guard);
      const redact = request.routeOptions.config.idempotency?.redactReply;
      const status = reply.statusCode;
      const stored = redact?.length ? redactedReply(payload, redact) : payload;
      const complete = () => completeKey(db, slot.clientId, slot.key, slot.token, status, stored);
      let completed: boolean;
      try {
        completed = await complete();
      } catch (error) {
        // The database away just now: the answer is stored as soon as it is back (a retry meanwhile gets
        // idempotency_conflict, then this answer), and this request answers the error (retryable).
        persistLater(request, 'store the answer of', complete, error);
        throw error;
      }
      if (!completed) {
        // Taken over between this request's last commit and now: the retry that took it over
        // answers for the key (a replay must always answer the stored body), so this answer is not given.
        const lost = lockLost();
        reply.code(lost.status).headers(lost.headers).type(JSON_CONTENT_TYPE);
        return JSON.stringify({ error: { code: lost.code, message: lost.message, details: [], request_id: request.id } });
      }
    } else if (reply.statusCode === 504) {
      // Timed out (http/timeout.ts): the handler may still be running, so the key stays reserved and its
      // commits stay fenced; a retry gets idempotency_conflict until the handler ends (then the key is
      // freed, see `fenced`), or this process dies, or STALE_LOCK_SECONDS.
      slot.timedOut = true;
    } else {
      endCommitGuard(slot.guard);
      await release(request, slot);
    }
    return payload;
  };

  /**
   * Frees the key of a request that failed. If the database is away (the request likely failed for
   * that), the key would stay locked by this live process for STALE_LOCK_SECONDS: it is freed as soon
   * as the database is back instead.
   */
  const release = async (request: FastifyRequest, slot: NonNullable<FastifyRequest['idempotency']>): Promise<void> => {
    const free = () => releaseKey(db, slot.clientId, slot.key, slot.token);
    try {
      await free();
    } catch (error) {
      persistLater(request, 'free', free, error);
    }
  };

  /** Tries `work` again every second until it succeeds, for up to STALE_LOCK_SECONDS. */
  const persistLater = (request: FastifyRequest, what: string, work: () => Promise<unknown>, error: unknown): void => {
    request.log.warn({ err: error, idempotencyKey: request.idempotency?.key }, `could not ${what} the Idempotency-Key; trying again every second`);
    const retry = (attempt: number) => {
      const timer = setTimeout(() => {
        work().catch((again: unknown) => {
          if (attempt < STALE_LOCK_SECONDS) retry(attempt + 1);
          else request.log.error({ err: again, idempotencyKey: request.idempotency?.key }, `gave up trying to ${what} the Idempotency-Key`);
        });
      }, 1000);
      timer.unref();
    };
    retry(1);
  };

  // The client went away before onSend: free the key.
  const onResponse: onResponseAsyncHookHandler = async (request) => {
    const slot = request.idempotency;
    if (slot?.open) {
      slot.open = false;
      endCommitGuard(slot.guard);
      await release(request, slot);
    }
  };

  // The handler runs under the key's fence: each of its transactions commits only while the lock is its own.
  // A handler that ends after its request's 504 frees the key: its work is whole (committed or not),
  // and a retry runs the request again, finding what it committed (order_id, a refund's key).
  const fenced = (handler: RouteHandlerMethod): RouteHandlerMethod =>
    function (this: FastifyInstance, request, reply) {
      const slot = request.idempotency;
      if (!slot) return handler.call(this, request, reply);
      const result: unknown = withCommitGuard(slot.guard, () => handler.call(this, request, reply));
      const freeIfLate = () => {
        if (!slot.timedOut) return;
        slot.timedOut = false;
        endCommitGuard(slot.guard);
        void release(request, slot);
      };
      if (result instanceof Promise) result.then(freeIfLate, freeIfLate);
      return result;
    };

  // Only on the routes that change something: reads pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((m) => MUTATING.has(m))) return;
    route.handler = fenced(route.handler);
    route.preHandler = [preHandler, ...[route.preHandler ?? []].flat()];
    route.onSend = [onSend, ...[route.onSend ?? []].flat()];
    route.onResponse = [onResponse, ...[route.onResponse ?? []].flat()];
  });
}
