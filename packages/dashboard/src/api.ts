/**
 * The dashboard's only way to the gateway: the cookie-session endpoints under
 * /dashboard/api, and /dashboard/api/v1/*, a pass-through to the gateway's own
 * /v1 whose bodies are typed by packages/client's generated types (from
 * /openapi.json), so the dashboard cannot drift from the API. `gateway` is the
 * typed client itself over the same pass-through: its methods know each
 * operation's path, so a page that uses it writes none.
 */
import { Pasarela, type components, type OperationId, type QueryParams, type RequestBody, type ResponseBody } from '@pasarela/client';

export type { ListItem, OperationId, RequestBody, ResponseBody } from '@pasarela/client';
export type {
  CardPayment,
  ApmPayment,
  Payment,
  Transaction,
  Refund,
  Chargeback,
  ChargebackAttachment,
  WebhookEndpoint,
  Event,
  Link,
} from '@pasarela/client';

export type Role = 'owner' | 'developer' | 'viewer';

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
}
export interface SessionOrganization {
  id: string;
  name: string;
  parent_id?: string | null;
}
export interface Session {
  user: SessionUser;
  organization: SessionOrganization;
  organizations: SessionOrganization[];
  csrf_token: string;
  /** The Sandbox pages exist only in `sandbox`. */
  environment?: 'sandbox' | 'production';
}
/** An API client as GET /v1/clients shows it (the dashboard's key routes answer the same). */
export type ApiKey = components['schemas']['ApiClient'];
export interface NewApiKey {
  client_id: string;
  client_secret: string;
  name: string;
  organization_id: string;
  permissions: string[];
  created_at: string;
}
export interface PermissionGroup {
  resource: string;
  permissions: { name: string; description: string }[];
}
export interface Member {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  last_sign_in_at: string | null;
  disabled_at: string | null;
  /** Set while the account's sign-in budget is spent: sign-in is refused until then. */
  locked_until: string | null;
}
export interface PendingInvitation {
  id: string;
  email: string | null;
  role: Role;
  created_at: string;
  expires_at: string;
}
export interface Invitation {
  url: string;
  expires_at: string;
  role: Role;
}
export interface OneTimeLink {
  email: string | null;
  organization_name: string;
  role: Role;
  expires_at: string;
}

/** The gateway's error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { field?: string; message?: string; code?: string }[] = [],
  ) {
    super(message);
  }
}

let csrfToken = '';
let organizationHeader: string | null = null;
let onSignedOut: () => void = () => {};

export function setCsrfToken(token: string): void {
  csrfToken = token;
}
/** A sub-organization to act on (the X-Pasarela-Organization header), or null for the session's own. */
export function setOrganization(id: string | null): void {
  organizationHeader = id;
}
export function whenSignedOut(callback: () => void): void {
  onSignedOut = callback;
}

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = csrfToken;
  if (organizationHeader && path.startsWith('/v1/')) headers['x-pasarela-organization'] = organizationHeader;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(withQuery(`/dashboard/api${path}`, query), {
    method,
    headers,
    body: payload,
    credentials: 'same-origin',
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw failure(response, parsed, path);
  return parsed as T;
}

function failure(response: Response, parsed: unknown, path: string): ApiError {
  type Body = { code?: string; message?: string; details?: ApiError['details'] };
  const body = (parsed ?? {}) as Body & { error?: Body };
  const error = body.error ?? body;
  if (response.status === 401 && path !== '/session') onSignedOut();
  return new ApiError(response.status, error.code ?? 'error', error.message ?? response.statusText, error.details ?? []);
}

/** A file a /v1 route answers (a report's rows), with the name its Content-Disposition gives, for the browser to save. */
export async function download(path: string): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = {};
  if (organizationHeader) headers['x-pasarela-organization'] = organizationHeader;
  const response = await fetch(`/dashboard/api/v1${path}`, { headers, credentials: 'same-origin' });
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    throw failure(response, parsed, `/v1${path}`);
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { blob: await response.blob(), filename };
}

/** A /v1 call through the session's pass-through, typed by its operationId. */
export function v1<K extends OperationId>(
  _operation: K,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: RequestBody<K> | FormData; query?: Partial<QueryParams<K>> } = {},
): Promise<ResponseBody<K>> {
  return request<ResponseBody<K>>(method, `/v1${path}`, options.body, options.query as Query | undefined);
}

/**
 * `@pasarela/client` over the session's pass-through (`/dashboard/api/v1/...`):
 * the cookie is the credential, so the client's bearer header is dropped and
 * the session's CSRF token and chosen organization are added, as `request`
 * does. No retries: a person sees a failure at once and decides. Its errors
 * are the client's `PasarelaError` (status, code, message, details).
 */
export const gateway = new Pasarela({
  baseUrl: '/dashboard/api',
  // Never sent: sessionFetch removes the Authorization header it would carry.
  token: 'dashboard-session',
  maxRetries: 0,
  fetch: sessionFetch,
});

async function sessionFetch(input: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.delete('authorization');
  if (init.method && init.method !== 'GET' && init.method !== 'HEAD') headers.set('x-csrf-token', csrfToken);
  if (organizationHeader) headers.set('x-pasarela-organization', organizationHeader);
  const response = await fetch(input, { ...init, headers, credentials: 'same-origin' });
  if (response.status === 401) onSignedOut();
  return response;
}

export const api = {
  /** The signed-in session, or undefined when nobody is signed in. */
  session: () => request<Session | undefined>('GET', '/session'),
  signIn: (email: string, password: string) => request<Session>('POST', '/session', { email, password }),
  signOut: () => request<void>('DELETE', '/session'),
  oneTimeLink: (token: string) => request<OneTimeLink>('POST', '/password/link', { token }),
  setPassword: (token: string, password: string, email?: string) =>
    request<Session>('POST', '/password', email ? { token, password, email } : { token, password }),
  members: () => request<{ data: Member[] }>('GET', '/members'),
  invite: (role: Role, email: string) => request<Invitation>('POST', '/invitations', { role, email }),
  invitations: () => request<{ data: PendingInvitation[] }>('GET', '/invitations'),
  revokeInvitation: (id: string) => request<void>('DELETE', `/invitations/${encodeURIComponent(id)}`),
  updateMember: (id: string, changes: { role?: Role; disabled?: boolean }) => request<Member>('PATCH', `/members/${encodeURIComponent(id)}`, changes),
  removeMember: (id: string) => request<Member>('DELETE', `/members/${encodeURIComponent(id)}`),
  endMemberSessions: (id: string) => request<void>('DELETE', `/members/${encodeURIComponent(id)}/sessions`),
  keys: () => request<{ data: ApiKey[]; has_more: boolean }>('GET', '/keys'),
  createKey: (name: string, permissions: string[]) => request<NewApiKey>('POST', '/keys', { name, permissions }),
  revokeKey: (clientId: string) => request<ApiKey>('DELETE', `/keys/${encodeURIComponent(clientId)}`),
  permissions: () => request<{ data: PermissionGroup[] }>('GET', '/permissions'),
};
