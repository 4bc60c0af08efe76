/**
 * The dashboard's only way to the gateway. Two doors, one cookie session:
 *
 * - `gateway`: the typed client (`@pasarela/client`) over
 *   /dashboard/api/v1/*, a pass-through to the gateway's own /v1. Its methods
 *   know each operation's path, method and generated types (from
 *   /openapi.json), so pages write no /v1 path and cannot drift from the API.
 *   Its errors are the client's `PasarelaError`.
 * - `api`: the dashboard's own endpoints (the session, members, invitations,
 *   keys), which are not part of /v1; `request` calls them and fails with
 *   `ApiError`.
 *
 * packages/server/test/dashboard-typed-calls.test.ts fails if a page writes a
 * /v1 path or calls `request` for one.
 */
import { Pasarela, type components } from '@pasarela/client';

export type { ListItem, OperationId, RequestBody, ResponseBody } from '@pasarela/client';
export { PasarelaError } from '@pasarela/client';
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

/** The error of a dashboard endpoint (`api.*`); /v1 calls through `gateway` fail with `PasarelaError`. */
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

/** A dashboard endpoint (`/dashboard/api` + path): never a /v1 operation, which `gateway` calls. */
async function request<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`/dashboard/api${path}`, {
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
