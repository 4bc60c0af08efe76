/**
 * Chargebacks (chargebacks:read for GET, chargebacks:write otherwise; another
 * organization's chargeback is 404): the search, one chargeback, the
 * merchant's answers (accept, review, dispute), the analysis, comments and
 * evidence attachments (multipart/form-data or base64 JSON upload, download,
 * delete).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { principalOf } from '../http/principal.js';
import { ApiError } from '../errors/api-error.js';
import { requestError, sendError } from '../errors/handler.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import { ATTACHMENT_TYPES, contentDisposition, MAX_ATTACHMENT_BYTES } from './files.js';
import {
  Analysis,
  AttachmentMeta,
  AttachmentParams,
  Base64Upload,
  Chargeback,
  ChargebackQuery,
  Comment,
  CommentInput,
  Deleted,
  DisputeInput,
  IdParams as Params,
  MultipartUpload,
} from './schemas.js';
import { tooLarge, type ChargebackEvidence, type UploadedFile } from './evidence.js';
import { chargebackListProblems, type ChargebackService } from './service.js';

/** The file part of a multipart upload, read before validation. */
const uploads = new WeakMap<FastifyRequest, UploadedFile>();

async function readMultipart(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  let upload: UploadedFile = { filename: undefined, contentType: undefined, bytes: undefined };
  for await (const part of request.parts({ limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 } })) {
    if (part.type !== 'file') continue;
    const bytes = await part.toBuffer();
    if (part.fieldname === 'file') upload = { filename: part.filename, contentType: part.mimetype, bytes };
  }
  uploads.set(request, upload);
  // What the Idempotency-Key's request hash sees: the same key with another file is a mismatch.
  request.body = upload.bytes ? { file: `${createHash('sha256').update(upload.bytes).digest('hex')} ${upload.contentType} ${upload.filename}` } : {};
}

const NEITHER_FORM_NOR_JSON = () =>
  ApiError.validation(
    [{ field: '(body)', message: 'send the file as multipart/form-data, or as application/json with content_base64' }],
    'The request body is neither a form nor JSON.',
  );

/** The JSON upload's body: validated by its schema when sent as JSON; any other body (or none) is refused here. */
function jsonUpload(request: FastifyRequest): Base64Upload {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== '' && type !== 'application/json') throw NEITHER_FORM_NOR_JSON();
  const body = (request.body ?? {}) as Partial<Record<keyof Base64Upload, unknown>>;
  const missing = (['filename', 'content_type', 'content_base64'] as const)
    .filter((f) => typeof body[f] !== 'string')
    .map((f) => ({ field: f, message: 'is required' }));
  if (missing.length > 0) throw ApiError.validation(missing);
  return body as Base64Upload;
}

/** Errors of the multipart parser, in the service's error model. */
function multipartError(error: unknown, request: FastifyRequest): ApiError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && request.routeOptions.url?.endsWith('/attachments')) return NEITHER_FORM_NOR_JSON();
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return ApiError.validation([{ field: '(body)', message: 'send one file part named "file"' }], 'The form has too many parts.');
  }
  if (code === 'FST_PROTO_VIOLATION') return ApiError.validation([{ field: '(body)', message: 'has a forbidden field name' }]);
  if (code === 'FST_MP_PREMATURE_CLOSE') return new ApiError('invalid_request', 'The request ended before the form was complete.');
  // busboy's own errors (no boundary, malformed part header, unexpected end of form).
  if (!code && request.isMultipart() && error instanceof Error && !(error instanceof ApiError)) {
    return ApiError.validation([{ field: '(body)', message: 'is not valid multipart/form-data' }], 'The form could not be read.');
  }
  return undefined;
}

export async function chargebackRoutes(base: FastifyInstance, opts: { chargebacks: ChargebackService; evidence: ChargebackEvidence }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { chargebacks, evidence } = opts;
  const org = (request: { principal: Parameters<typeof principalOf>[0]['principal'] }) => principalOf(request).organizationId;
  const clientId = (request: { principal: Parameters<typeof principalOf>[0]['principal'] }) => principalOf(request).clientId;
  const tags = ['Chargebacks'];
  const read = { scopes: ['chargebacks:read' as const] };
  const write = { scopes: ['chargebacks:write' as const] };

  // multipart/form-data for the upload route, inside this plugin only.
  await app.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1 } });
  app.setErrorHandler((error, request, reply) => {
    const mapped = multipartError(error, request) ?? requestError(error, request);
    if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, mapped);
  });

  app.get(
    '/v1/chargebacks',
    {
      config: { ...read, checks: { query: chargebackListProblems } },
      schema: {
        tags,
        summary: 'Search chargebacks',
        description:
          'Newest first. Filters: `status`, `payment_id`, `reason_code`, `currency`, `amount_gte`/`amount_lte` (major units, need `currency`), `reviewed`, `respond_by_lte`, `created_gte`/`created_lte`.',
        querystring: ChargebackQuery,
        response: { 200: ListOf(Chargeback) },
      },
    },
    async (request) => chargebacks.list(org(request), request.query),
  );
  app.get(
    '/v1/chargebacks/:id',
    { config: read, schema: { tags, summary: 'Get a chargeback', params: Params, response: { 200: Chargeback } } },
    async (request) => chargebacks.get(org(request), request.params.id),
  );
  app.post(
    '/v1/chargebacks/:id/accept',
    {
      config: write,
      schema: {
        tags,
        summary: 'Accept a chargeback (the merchant gives up; the funds stay with the cardholder)',
        description:
          'OPEN → ACCEPTED, event `chargeback.updated`. 409 `chargeback_not_open` in any other state, also once respond_by has passed (then it is LOST).',
        params: Params,
        response: { 200: Chargeback },
      },
    },
    async (request) => chargebacks.accept(org(request), request.params.id),
  );
  app.post(
    '/v1/chargebacks/:id/review',
    {
      config: write,
      schema: {
        tags,
        summary: 'Mark a chargeback reviewed',
        description:
          'Sets `reviewed_at` and `reviewed_by` (the calling client) in any state without changing the status; event `chargeback.updated`. Again: no change, the first review stays.',
        params: Params,
        response: { 200: Chargeback },
      },
    },
    async (request) => chargebacks.review(org(request), request.params.id, clientId(request)),
  );
  app.post(
    '/v1/chargebacks/:id/dispute',
    {
      config: write,
      schema: {
        tags,
        summary: 'Dispute a chargeback with evidence',
        description:
          "OPEN → DISPUTED with the evidence text and attachments (all of the chargeback's, or those named in `attachment_ids`); the network decides WON or LOST at `decision_due_at`. Events `chargeback.updated`. 409 `chargeback_not_open` in any other state or past respond_by; 422 for an attachment id not on this chargeback.",
        params: Params,
        body: DisputeInput,
        response: { 200: Chargeback },
      },
    },
    async (request) => chargebacks.dispute(org(request), request.params.id, request.body),
  );
  app.get(
    '/v1/chargebacks/:id/analysis',
    {
      config: read,
      schema: { tags, summary: 'Summary of a chargeback: reason, amounts, deadlines, evidence', params: Params, response: { 200: Analysis } },
    },
    async (request) => evidence.analysis(org(request), request.params.id),
  );
  app.get(
    '/v1/chargebacks/:id/comments',
    {
      config: read,
      schema: { tags, summary: "List a chargeback's comments (newest first)", params: Params, querystring: ListQuery, response: { 200: ListOf(Comment) } },
    },
    async (request) => evidence.comments(org(request), request.params.id, request.query),
  );
  app.post(
    '/v1/chargebacks/:id/comments',
    {
      config: write,
      schema: {
        tags,
        summary: 'Comment on a chargeback (any state; the author is the calling client)',
        params: Params,
        body: CommentInput,
        response: { 201: Comment },
      },
    },
    async (request, reply) => reply.code(201).send(await evidence.addComment(org(request), request.params.id, clientId(request), request.body.text)),
  );
  app.get(
    '/v1/chargebacks/:id/attachments',
    {
      config: read,
      schema: {
        tags,
        summary: "List a chargeback's attachments (oldest first)",
        params: Params,
        response: { 200: Type.Object({ data: Type.Array(AttachmentMeta) }) },
      },
    },
    async (request) => ({ data: await evidence.listAttachments(org(request), request.params.id) }),
  );
  app.post(
    '/v1/chargebacks/:id/attachments',
    {
      config: write,
      // base64 of 5 MiB is 6.67 MiB; the multipart parser has its own limits.
      bodyLimit: Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 64 * 1024,
      preValidation: readMultipart,
      schema: {
        tags,
        summary: 'Upload an evidence file (multipart/form-data or base64 JSON)',
        description: `Either multipart/form-data with one file part named \`file\`, or JSON \`{filename, content_type, content_base64}\`. Types: ${ATTACHMENT_TYPES.join(', ')}, checked against the bytes; at most 5 MiB (413 \`payload_too_large\`) and 10 per chargeback (409 \`attachment_limit_reached\`). Only while the chargeback is OPEN (409 \`chargeback_not_open\`).`,
        params: Params,
        body: {
          content: {
            'application/json': { schema: Base64Upload },
            'multipart/form-data': { schema: MultipartUpload },
          },
        },
        response: { 201: AttachmentMeta },
      },
    },
    async (request, reply) => {
      const created = request.isMultipart()
        ? await evidence.uploadPart(
            org(request),
            request.params.id,
            clientId(request),
            uploads.get(request) ?? { filename: undefined, contentType: undefined, bytes: undefined },
          )
        : await evidence.uploadBase64(org(request), request.params.id, clientId(request), jsonUpload(request));
      return reply.code(201).send(created);
    },
  );
  app.get(
    '/v1/chargebacks/:id/attachments/:att_id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Download an attachment (its bytes, with its Content-Type and Content-Disposition)',
        params: AttachmentParams,
        response: {
          200: {
            description: "The file's bytes, with its type and `Content-Disposition: attachment`.",
            content: Object.fromEntries(ATTACHMENT_TYPES.map((type) => [type, { schema: Type.String({ format: 'binary' }) }])),
          },
        },
      },
    },
    async (request, reply) => {
      const file = await evidence.download(org(request), request.params.id, request.params.att_id);
      return (
        reply
          .header('content-type', file.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : file.contentType)
          .header('content-disposition', contentDisposition(file.filename))
          .header('cache-control', 'private, no-store')
          // The bytes as they are: a Buffer is not serialized.
          .send(file.content as unknown as string)
      );
    },
  );
  app.delete(
    '/v1/chargebacks/:id/attachments/:att_id',
    {
      config: write,
      schema: { tags, summary: 'Delete an attachment (only while the chargeback is OPEN)', params: AttachmentParams, response: { 200: Deleted } },
    },
    async (request) => evidence.deleteAttachment(org(request), request.params.id, request.params.att_id),
  );
}
