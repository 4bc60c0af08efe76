/**
 * One error handler for the whole service: ApiError and OAuthError as thrown,
 * Fastify's own errors (validation, body size, content type) mapped onto our
 * codes, anything else a 500 without internals. Also the 404 and 405 answers.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ApiError, OAuthError, type ErrorDetail } from './api-error.js';

interface AjvLikeError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldOf(error: AjvLikeError): string {
  const path = (error.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = error.params?.missingProperty;
  if (error.keyword === 'required' && typeof missing === 'string') path.push(missing);
  return path.join('.') || '(root)';
}

function messageOf(error: AjvLikeError, context: string | undefined): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'type' && error.instancePath === '' && context === 'body') return 'the body must be a JSON object';
  if (error.keyword === 'enum' && Array.isArray(error.params?.allowedValues)) {
    return `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
  }
  return error.message ?? 'is invalid';
}

export function validationDetails(errors: AjvLikeError[], context?: string): ErrorDetail[] {
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  for (const error of errors) {
    // anyOf/oneOf produce a summary error beside the branch errors; the branches say more.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const detail = { field: fieldOf(error), message: messageOf(error, context) };
    const key = `${detail.field}:${detail.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push(detail);
  }
  return details;
}

/** Maps any thrown value onto the service's error model. */
export function toApiError(error: unknown): ApiError | OAuthError {
  if (error instanceof ApiError || error instanceof OAuthError) return error;
  const e = error as Partial<FastifyError> & { validation?: AjvLikeError[]; validationContext?: string };
  if (Array.isArray(e.validation)) return ApiError.validation(validationDetails(e.validation, e.validationContext));
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return ApiError.validation(
        [{ field: '(body)', message: 'send the body as application/json' }],
        'The request body is not JSON.',
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('invalid_request', 'Content-Length does not match the body.');
  }
  if (e.statusCode === 408) return new ApiError('timeout', 'The request took too long.');
  return new ApiError('internal_error', 'Something went wrong on our side. Retry with backoff.');
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError | OAuthError): FastifyReply {
  reply.code(error.status).headers(error.headers);
  if (error instanceof OAuthError) {
    return reply.header('cache-control', 'no-store').send({ error: error.code, error_description: error.description });
  }
  return reply.send({
    error: { code: error.code, message: error.message, details: error.details, request_id: request.id },
  });
}

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function registerErrorHandling(app: FastifyInstance): void {
  // A second router with every route lets us tell 405 (path exists) from 404.
  const routes = FindMyWay();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (METHODS.includes(method as HTTPMethod) && !routes.find(method as HTTPMethod, route.url)) {
        routes.on(method as HTTPMethod, route.url, () => undefined);
      }
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const mapped = toApiError(error);
    if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, mapped);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((m) => routes.find(m, path));
    if (allowed.length > 0 && !allowed.includes(request.method as HTTPMethod)) {
      reply.header('allow', allowed.join(', '));
      return sendError(request, reply, new ApiError('method_not_allowed', `${request.method} is not allowed here.`));
    }
    return sendError(request, reply, new ApiError('not_found', 'No such route.'));
  });
}
