/**
 * @pasarela/client: the typed TypeScript client of the Pasarela API.
 * ESM for Node 20+ and browsers; no runtime dependency (fetch and WebCrypto).
 */
export { Pasarela, DEFAULTS, type PasarelaOptions, type ClientCredentialsOptions, type TokenOptions } from './client.js';
export {
  PasarelaError,
  AuthenticationError,
  PermissionError,
  InvalidRequestError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  ServerError,
  ConnectionError,
  PaginationError,
  WebhookVerificationError,
  type ErrorDetail,
} from './errors.js';
export { PageList, type Page } from './pagination.js';
export type { RequestOptions, FetchLike } from './transport.js';
export { type CardInput, type EncryptedCard } from './cards.js';
export { verifyWebhook, DEFAULT_TOLERANCE_SECONDS, type VerifyOptions, type WebhookHeaders } from './webhooks.js';
export type * from './types.js';
