/**
 * One error handler for the whole service: ApiError and OAuthError as thrown,
 * Fastify's own errors (validation, body size, content type, a URL that is not
 * valid percent-encoding) mapped onto our codes, anything else a 500 without
 * internals. Also the 404 and 405 answers, and the answer to a request Node's
 * HTTP parser refuses: every error a client can cause has our body.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { isTransientDatabaseError } from '../db/database.js';
import { newId } from '../lib/ids.js';
import { ApiError, OAuthError, ProcessorFailure, type ErrorCode, type ErrorDetail } from './api-error.js';
import { JSON_CONTENT_TYPE } from '../lib/content-types.js';
import { idempotencyKeyProblem } from './idempotency-key.js';

interface AjvLikeError {
  instancePath?: string;
  /** The key a `propertyNames` rule refused (the error's path is its object's). */
  propertyName?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldOf(error: AjvLikeError): string {
  // A route check's detail (http/checks.ts) names its field already.
  if (error.keyword === 'check' && typeof error.params?.field === 'string') return error.params.field;
  const path = (error.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = error.params?.missingProperty;
  if (error.keyword === 'required' && typeof missing === 'string') path.push(missing);
  const unknown = error.params?.additionalProperty;
  if (error.keyword === 'additionalProperties' && typeof unknown === 'string') path.push(unknown);
  return path.join('.') || '(root)';
}

function messageOf(error: AjvLikeError, context: string | undefined): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return context === 'querystring' ? 'is not a known query parameter' : 'is not a known field';
  if (error.keyword === 'type' && error.instancePath === '' && context === 'body') return 'the body must be a JSON object';
  if (error.keyword === 'enum' && Array.isArray(error.params?.allowedValues)) return oneOf(error.params.allowedValues as unknown[]);
  return error.message ?? 'is invalid';
}

const oneOf = (values: unknown[]) => (values.length === 1 ? `must be ${String(values[0])}` : `must be one of ${values.map(String).join(', ')}`);

/**
 * The alternatives Ajv reports one by one, as one message per field: a union of literals (a
 * TypeBox enum, an anyOf of `const`) is "must be one of A, B, C"; a union of types (a string or
 * null) "must be string or null".
 */
function alternatives(errors: AjvLikeError[]): Map<string, string> {
  const consts = new Map<string, unknown[]>();
  const types = new Map<string, string[]>();
  for (const error of errors) {
    const path = error.instancePath ?? '';
    if (error.keyword === 'const' && error.params && 'allowedValue' in error.params) {
      const values = consts.get(path) ?? [];
      if (!values.includes(error.params.allowedValue)) values.push(error.params.allowedValue);
      consts.set(path, values);
    } else if (error.keyword === 'type' && typeof error.params?.type === 'string') {
      const list = types.get(path) ?? [];
      if (!list.includes(error.params.type)) list.push(error.params.type);
      types.set(path, list);
    }
  }
  const messages = new Map<string, string>();
  for (const [path, values] of consts) messages.set(`const:${path}`, oneOf(values));
  for (const [path, list] of types) if (list.length > 1) messages.set(`type:${path}`, `must be ${list.join(' or ')}`);
  return messages;
}

/**
 * The 422's details from the errors of a request's validation: one per field (the first the
 * schema reports, its alternatives merged: `alternatives`), then the text problems and the
 * route's checks (http/checks.ts), each on a field the schema did not already name (a field of
 * the wrong type gets its type problem only, not a check's too).
 */
export function validationDetails(errors: AjvLikeError[], context?: string): ErrorDetail[] {
  const merged = alternatives(errors);
  // The fields the schema named, and the keys of its entries (a field, or a field and a key of it).
  const named = new Set<string>();
  const schemaKeys = new Set<string>();
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const coveredBySchema = (field: string) => {
    for (let at = field; ; ) {
      if (named.has(at)) return true;
      const dot = at.lastIndexOf('.');
      if (dot < 0) return false;
      at = at.slice(0, dot);
    }
  };
  const schemaErrors = errors.filter((e) => e.keyword !== 'check' && e.keyword !== 'text');
  const ownErrors = errors.filter((e) => e.keyword === 'check' || e.keyword === 'text');
  for (const error of schemaErrors) {
    // anyOf/oneOf produce a summary error beside the branch errors; the branches say more.
    // So does propertyNames ("property name must be valid") beside the problem of each key.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if' || error.keyword === 'propertyNames') continue;
    const field = fieldOf(error);
    // One message per field: the first problem the schema reports names it (a blank name is "too
    // short", not also "no match"); per key of an object whose keys have rules (a metadata's).
    const key = error.propertyName === undefined ? field : `${field}\u0000${error.propertyName}`;
    if (schemaKeys.has(key)) continue;
    schemaKeys.add(key);
    named.add(field);
    const path = error.instancePath ?? '';
    const message =
      (error.keyword === 'const' ? merged.get(`const:${path}`) : error.keyword === 'type' ? merged.get(`type:${path}`) : undefined) ??
      messageOf(error, context);
    details.push({ field, message: error.propertyName === undefined ? message : `key ${JSON.stringify(error.propertyName)} ${message}` });
  }
  for (const error of ownErrors) {
    const detail = { field: fieldOf(error), message: messageOf(error, context) };
    if (coveredBySchema(detail.field)) continue;
    const key = `${detail.field}:${detail.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push(detail);
  }
  return details;
}

/** The 422 of a body in a content type the route does not take, naming the ones it takes (`accepted`; JSON by default). */
function unsupportedMediaType(accepted: readonly string[] = ['application/json']): ApiError {
  const list = accepted.length > 1 ? `${accepted.slice(0, -1).join(', ')} or ${accepted.at(-1)!}` : (accepted[0] ?? 'application/json');
  return ApiError.validation([{ field: '(body)', message: `send the body as ${list}` }], 'The request body is not in a content type this operation takes.');
}

/** The content types a route's body schema names (`{content: {type: {schema}}}`); JSON when it names none. */
function acceptedTypes(request: FastifyRequest): string[] {
  const body = request.routeOptions.schema?.body as { content?: unknown; type?: unknown } | undefined;
  if (body && typeof body.content === 'object' && body.content !== null && body.type === undefined) return Object.keys(body.content);
  return ['application/json'];
}

const isMediaTypeError = (error: unknown) => {
  const e = error as { code?: unknown; statusCode?: unknown };
  return e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || (typeof e.code === 'string' && e.code.startsWith('FST_') && e.statusCode === 415);
};

/** Maps any thrown value onto the service's error model; `accepted`: the content types of the request's route. */
export function toApiError(error: unknown, accepted?: readonly string[]): ApiError | OAuthError {
  if (error instanceof ApiError || error instanceof OAuthError) return error;
  const e = error as Partial<FastifyError> & { validation?: AjvLikeError[]; validationContext?: string };
  if (Array.isArray(e.validation)) return ApiError.validation(validationDetails(e.validation, e.validationContext));
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(accepted);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('invalid_request', 'Content-Length does not match the body.');
    case 'FST_ERR_BAD_URL':
      return new ApiError('invalid_request', 'The request path is not valid percent-encoded UTF-8.');
    // A path segment longer than the router's limit (100 characters) names no resource.
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return ApiError.notFound();
  }
  if (e.statusCode === 408) return new ApiError('request_timeout', 'The request did not arrive in time.');
  // Any other client error Fastify or one of its plugins raises: our body, never theirs.
  if (typeof e.code === 'string' && e.code.startsWith('FST_') && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 413) return new ApiError('payload_too_large', 'The request body is too large.');
    if (e.statusCode === 415) return unsupportedMediaType(accepted);
    return new ApiError('invalid_request', 'The request could not be read.');
  }
  if (error instanceof ProcessorFailure)
    return new ApiError(
      'service_unavailable',
      'The payment processor could not be reached or did not answer. What was asked is recorded as pending and finished automatically; retry later to see its outcome.',
      [],
      { 'retry-after': '5' },
    );
  if (isTransientDatabaseError(error))
    return new ApiError('service_unavailable', 'The database could not take the request just now; retry.', [], { 'retry-after': '1' });
  return new ApiError('internal_error', 'Something went wrong on our side. Retry with backoff.');
}

/**
 * The OAuth endpoints answer every error in RFC 6749's shape (docs/api-conventions.md), also those
 * raised before or around their handlers: the request rate limit, the timeout, a database away.
 */
const isOAuthRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/oauth/') === true;

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError | OAuthError): FastifyReply {
  reply.code(error.status).headers(error.headers);
  if (error instanceof OAuthError || isOAuthRoute(request)) {
    const [code, description] = error instanceof OAuthError ? [error.code, error.description] : [error.code, error.message];
    return reply.header('cache-control', 'no-store').send({ error: code, error_description: description });
  }
  return reply.send({
    error: { code: error.code, message: error.message, details: error.details, request_id: request.id },
  });
}

/**
 * Fastify's `frameworkErrors`: a URL that is not valid percent-encoding (or whose
 * parameter is longer than the router allows) is refused before any route or
 * hook runs, so the request id and security headers are set here.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.header('x-request-id', request.id).headers(headers);
    sendError(request, reply, toApiError(error));
  };
}

const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', message: 'The request did not arrive in time.' },
  HPE_HEADER_OVERFLOW: { status: 431, code: 'headers_too_large', message: 'The request headers are too large.' },
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (not HTTP,
 * a header with a control character, headers too large, too slow to arrive)
 * never reaches Fastify; it gets our error body on the socket, then the socket closes.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, code: 'invalid_request', message: 'The request is not valid HTTP.' };
  const body = JSON.stringify({ error: { code: known.code, message: known.message, details: [], request_id: newId('request') } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Errors of a request that could not be read (parser, size, content type, validation). */
const UNREADABLE = new Set<ErrorCode>(['validation_failed', 'invalid_request', 'payload_too_large']);

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * An error of this request in the service's model: toApiError, with what the request adds (the
 * content types its route takes; a malformed Idempotency-Key named beside its other problems;
 * the OAuth shape on the OAuth endpoints). The error handler of every scope maps through it.
 */
export function requestError(error: unknown, request: FastifyRequest): ApiError | OAuthError {
  let mapped = toApiError(error, isMediaTypeError(error) ? acceptedTypes(request) : undefined);
  // The OAuth endpoints answer in RFC 6749's shape even when the body cannot be read at all.
  if (mapped instanceof ApiError && isOAuthRoute(request) && UNREADABLE.has(mapped.code)) {
    mapped = new OAuthError(
      'invalid_request',
      isMediaTypeError(error)
        ? 'send the parameters as application/x-www-form-urlencoded or application/json'
        : mapped.details.map((d) => `${d.field} ${d.message}`).join('; ') || mapped.message,
    );
  }
  // A request refused before its Idempotency-Key was read (its body or query invalid): the key's
  // problem named in the same 422 (idempotency/plugin.ts), not left for the retry to find.
  if (mapped instanceof ApiError && mapped.code === 'validation_failed') {
    const keyProblem = idempotencyKeyProblem(request);
    if (keyProblem) mapped = new ApiError(mapped.code, mapped.message, [...mapped.details, keyProblem], mapped.headers);
  }
  return mapped;
}

export function registerErrorHandling(app: FastifyInstance): void {
  // A second router with every route lets us tell 405 (path exists) from 404: built at the first
  // unknown path, not at start-up (compiling it for every route cost a noticeable part of the start).
  const declared: Array<[HTTPMethod, string]> = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (METHODS.includes(method as HTTPMethod)) declared.push([method as HTTPMethod, route.url]);
  });
  let router: ReturnType<typeof FindMyWay> | undefined;
  const routes = () => {
    if (!router) {
      router = FindMyWay();
      for (const [method, url] of declared) if (!router.find(method, url)) router.on(method, url, () => undefined);
    }
    return router;
  };

  app.setErrorHandler((error, request, reply) => {
    const mapped = requestError(error, request);
    if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, mapped);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((m) => routes().find(m, path));
    if (allowed.length > 0 && !allowed.includes(request.method as HTTPMethod)) {
      reply.header('allow', allowed.join(', '));
      return sendError(request, reply, new ApiError('method_not_allowed', `${request.method} is not allowed here.`));
    }
    return sendError(request, reply, new ApiError('not_found', 'No such route.'));
  });
}
