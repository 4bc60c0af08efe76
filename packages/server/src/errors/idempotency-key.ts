/**
 * The Idempotency-Key header's rule, read by the idempotency layer
 * (idempotency/plugin.ts: 400 `invalid_idempotency_key` for an otherwise valid
 * request) and by the error handler (errors/handler.ts: named beside a
 * request's other problems in one 422), so it is written once, in the lowest
 * layer both may import.
 */
import type { FastifyRequest } from 'fastify';
import type { ErrorDetail } from './api-error.js';

/** The methods whose requests may keep an Idempotency-Key. */
export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The Idempotency-Key of a request that keeps one (a write with a Bearer token), if it sent one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined || !MUTATING.has(request.method) || !request.principal) return undefined;
  return Array.isArray(header) ? header.join(',') : header;
}

export const KEY_LENGTH = 'must be 8 to 64 characters (a UUID v4 is recommended)';

/**
 * What is wrong with the request's Idempotency-Key, if anything. A request whose body or query is
 * also invalid gets one 422 naming both (errors/handler.ts adds it to the details); one that is
 * otherwise valid gets 400 `invalid_idempotency_key` (idempotency/plugin.ts).
 */
export function idempotencyKeyProblem(request: FastifyRequest): ErrorDetail | undefined {
  const key = idempotencyKeyOf(request);
  return key !== undefined && (key.length < 8 || key.length > 64) ? { field: 'Idempotency-Key', message: KEY_LENGTH } : undefined;
}
