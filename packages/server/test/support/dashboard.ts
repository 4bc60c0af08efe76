/**
 * Dashboard users for tests (HTTP and Chromium): made through the same
 * service as `npm run cli -- dashboard-users create` (dashboard/service.ts),
 * their one-time link used to set the password, as a person would.
 */
import type { Gateway } from '../../src/app.js';
import type { DashboardRole } from '../../src/db/schema.js';
import type { HttpClient, Reply, TestGateway } from './gateway.js';

export interface DashboardUserInput {
  email: string;
  password: string;
  role: DashboardRole;
  /** An existing organization; without it, that of a new API client (a new organization). */
  organizationId?: string;
}

export interface CreatedDashboardUser {
  id: string;
  email: string;
  password: string;
  role: DashboardRole;
  organizationId: string;
}

function gatewayOf(gateway: TestGateway | Gateway): Gateway {
  return 'gateway' in gateway ? gateway.gateway : gateway;
}

export async function createDashboardUser(target: TestGateway | Gateway, input: DashboardUserInput): Promise<CreatedDashboardUser> {
  const gateway = gatewayOf(target);
  let organizationId = input.organizationId;
  if (!organizationId) {
    const { provisionClient } = await import('../../src/auth/clients.service.js');
    organizationId = (await provisionClient(gateway.database.db, { name: 'dashboard test organization client' }, gateway.clock)).organization_id;
  }
  const { user, link } = await gateway.dashboard.createUser({ email: input.email, organizationId, role: input.role });
  await gateway.dashboard.useLink(link.token, input.password);
  return { id: user.id, email: user.email, password: input.password, role: input.role, organizationId };
}

/** A signed-in dashboard session over HTTP: its cookie and CSRF token, sent with each request. */
export class DashboardSession {
  constructor(
    private readonly http: HttpClient,
    readonly cookie: string,
    readonly csrfToken: string,
    readonly body: Record<string, unknown>,
  ) {}

  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { cookie: `pasarela_dashboard=${this.cookie}`, ...options.headers };
    if (options.csrf !== false && method !== 'GET') headers['x-csrf-token'] = this.csrfToken;
    return this.http.request<T>(method, path, { headers, ...(options.body !== undefined ? { body: options.body } : {}) });
  }
}

/** The session cookie's value in a Set-Cookie answer. */
export function sessionCookie(reply: Reply<unknown>): string | undefined {
  return /pasarela_dashboard=([^;]*)/.exec(reply.headers.get('set-cookie') ?? '')?.[1];
}

/** Signs in with POST /dashboard/api/session; throws unless it answers 200. */
export async function signIn(http: HttpClient, email: string, password: string): Promise<DashboardSession> {
  const reply = await http.request<{ csrf_token: string }>('POST', '/dashboard/api/session', { body: { email, password } });
  const cookie = sessionCookie(reply);
  if (reply.status !== 200 || !cookie) throw new Error(`sign-in failed: ${reply.status} ${reply.text}`);
  return new DashboardSession(http, cookie, reply.body.csrf_token, reply.body as unknown as Record<string, unknown>);
}
