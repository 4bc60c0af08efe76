/**
 * The Idempotency-Key header (spec sections 7 and 8) on every POST, PUT, PATCH
 * and DELETE of an authenticated route: 8 to 64 characters; a replay returns
 * the stored status and body with `Idempotent-Replayed: true`; the same key
 * with another request is 409 idempotency_key_mismatch; while the first is
 * running, 409 idempotency_conflict. Keys are per client and kept 24 hours.
 * Only 2xx answers are stored: an error changed nothing, so a retry runs again.
 * A 504 timeout is the exception: its work may still finish, so the key stays
 * reserved (retries get idempotency_conflict) until the stale lock lapses.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onResponseAsyncHookHandler, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { isoAfterSeconds } from '../lib/time.js';
import { completeKey, releaseKey, reserveKey } from './store.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const STALE_LOCK_SECONDS = 120;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { clientId: string; key: string; open: boolean } | null;
  }
}

/** JSON with sorted keys, so the same body in another property order hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function registerIdempotency(app: FastifyInstance, db: Db, ttlSeconds: number, hashKey: Buffer): void {
  // Keyed, so a stored hash of a body with card data cannot be brute-forced back to the card.
  const requestHash = (request: FastifyRequest): string =>
    createHmac('sha256', hashKey).update(`${request.method} ${request.url}\n${canonical(request.body)}`).digest('hex');

  app.decorateRequest('idempotency', null);

  // preHandler: after authentication and body validation, just before the handler.
  const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !MUTATING.has(request.method) || !request.principal) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (key.length < 8 || key.length > 64) {
      throw new ApiError('invalid_idempotency_key', 'Idempotency-Key must be 8 to 64 characters (a UUID v4 is recommended).');
    }
    const clientId = request.principal.clientId;
    const now = Date.now();
    const result = await reserveKey(db, {
      clientId,
      key,
      requestHash: requestHash(request),
      now: new Date(now).toISOString(),
      expiresAt: isoAfterSeconds(ttlSeconds, now),
      staleBefore: isoAfterSeconds(-STALE_LOCK_SECONDS, now),
    });
    switch (result.kind) {
      case 'reserved':
        request.idempotency = { clientId, key, open: true };
        return;
      case 'replay':
        return reply
          .code(result.status)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(result.body);
      case 'mismatch':
        throw new ApiError(
          'idempotency_key_mismatch',
          'This Idempotency-Key was used with a different request; use a new key for a new request.',
        );
      case 'conflict':
        throw new ApiError('idempotency_conflict', 'A request with this Idempotency-Key is in progress; retry shortly.', [], {
          'retry-after': '1',
        });
    }
  };

  const onSend: onSendHookHandler<unknown> = async (request, reply, payload) => {
    const slot = request.idempotency;
    if (!slot?.open) return payload;
    slot.open = false;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await completeKey(db, slot.clientId, slot.key, reply.statusCode, payload);
    } else if (reply.statusCode === 504) {
      // Timed out (http/timeout.ts): the handler may still be running, so the key stays
      // reserved; a retry gets idempotency_conflict until the stale lock (STALE_LOCK_SECONDS) lapses.
    } else {
      await releaseKey(db, slot.clientId, slot.key);
    }
    return payload;
  };

  // The client went away before onSend: free the key.
  const onResponse: onResponseAsyncHookHandler = async (request) => {
    const slot = request.idempotency;
    if (slot?.open) {
      slot.open = false;
      await releaseKey(db, slot.clientId, slot.key);
    }
  };

  // Only on the routes that change something: reads pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((m) => MUTATING.has(m))) return;
    route.preHandler = [preHandler, ...[route.preHandler ?? []].flat()];
    route.onSend = [onSend, ...[route.onSend ?? []].flat()];
    route.onResponse = [onResponse, ...[route.onResponse ?? []].flat()];
  });
}
