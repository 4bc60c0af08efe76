/**
 * Starts the real gateway (createGateway, the same wiring as `npm start`) on a
 * real port over a real database, and talks HTTP to it (node:http).
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGateway, type Gateway, type GatewayOptions } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config/config.js';
import { provisionClient } from '../../src/auth/clients.service.js';
import { SECRET_HASH_LOG_N_RANGE } from '../../src/crypto/secret-hash.js';
import type { Permission } from '../../src/http/permissions.js';
import type { Dialect } from './dialects.js';
import { rsaKeyPairsFor } from './rsa-key-pairs.js';

/** One master key for every test gateway: PostgreSQL tests share one database and its sealed keys. */
export const TEST_MASTER_KEY = 'q3Xv0C8pZk2mR7tYw1Lh5Ns9Ud4Fb6Gj+Ae/Ic0Ko8M=';
export const AUDIENCE = 'https://pasarela.test';

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestClient {
  clientId: string;
  secret: string;
  organizationId: string;
  token(scope?: string): Promise<string>;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Kept-alive connections for the test clients, as fetch keeps them. node:http instead of fetch:
 * a request and its answer cost the client about 200-330 µs of CPU against 470-570 µs through
 * fetch (docs/testing.md "What a run costs"), on thousands of requests a run.
 */
const httpAgent = new http.Agent({ keepAlive: true });
const httpsAgents = new Map<string, https.Agent>();

/** The kept-alive HTTPS connections trusting `ca`, one pool per authority. */
function httpsAgent(ca: string): https.Agent {
  let agent = httpsAgents.get(ca);
  if (!agent) httpsAgents.set(ca, (agent = new https.Agent({ keepAlive: true, ca })));
  return agent;
}

/**
 * One exchange over node:http, or node:https trusting `ca` (the test's own certificate authority,
 * which fetch cannot be given). A redirect is answered as it is, not followed. A kept-alive
 * connection the server had closed as the request went out (a gateway stopped and another started
 * on its port) fails with ECONNRESET before the server read it: the request is sent once more, as
 * Node's documentation advises.
 */
function nodeExchange(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | undefined },
  ca: string | undefined,
  retried = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Its length, as fetch sends it: without it Node delimits a DELETE's body by nothing at all.
    const headers = init.body === undefined ? init.headers : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) };
    const options = { method: init.method, headers, agent: ca ? httpsAgent(ca) : httpAgent };
    const request = (ca ? https : http).request(url, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
        }
        resolve({ status: response.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
      });
      response.on('error', reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (request.reusedSocket && error.code === 'ECONNRESET' && !retried) nodeExchange(url, init, ca, true).then(resolve, reject);
      else reject(error);
    });
    request.end(init.body);
  });
}

/** Talks HTTP to a gateway, in this process or a child process (over HTTPS when given the authority to trust). */
export class HttpClient {
  /**
   * This gateway's /openapi.json. Kept per client, not per address: the suite's worker processes
   * run many files in one module graph, and a port a closed gateway used is soon another's.
   */
  #document: Promise<DeclaredStatuses | undefined> | undefined;

  constructor(
    readonly baseUrl: string,
    /** A PEM certificate to trust: the client speaks HTTPS with node:https (a proxy's certificate made for the test). */
    private readonly ca?: string,
  ) {}

  private async exchange(url: string, init: { method: string; headers: Record<string, string>; body: string | undefined }): Promise<Answer> {
    return nodeExchange(url, init, this.ca);
  }

  /** This gateway's /openapi.json as text; undefined when it serves none, null when nothing answered. */
  protected async openApiText(): Promise<string | undefined | null> {
    return this.exchange(`${this.baseUrl}/openapi.json`, { method: 'GET', headers: {}, body: undefined })
      .then((response) => (response.status === 200 ? response.text : undefined))
      .catch((error: unknown) => {
        // A connection refused or reset: nothing answered.
        if (['ECONNREFUSED', 'ECONNRESET'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
        return undefined;
      });
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    this.#document ??= this.openApiText().then((found) => {
      // Nothing answered (a gateway not started yet, or stopped): asked again next time.
      if (found === null) this.#document = undefined;
      return found ? declaredStatuses(found) : undefined;
    });
    const document = await this.#document;
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.exchange(this.baseUrl + path, { method, headers, body });
    const text = response.text;
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    assertJsonContentType(method, path, response, text);
    if (document) assertDeclaredStatus(document, method, path, response.status);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }
}

/**
 * Every answer whose body is a JSON object or array says so in its content type (a merchant's HTTP
 * client decides how to read the body from it). Checked on every request the suite makes, so a route
 * that loses its content type fails whichever test calls it.
 */
function assertJsonContentType(method: string, path: string, response: { status: number; headers: Headers }, text: string): void {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return;
  try {
    JSON.parse(text);
  } catch {
    return;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!/^application\/([a-z.+-]+\+)?json\b/.test(type)) {
    throw new Error(`${method} ${path} answered ${response.status} with a JSON body and content-type ${JSON.stringify(type)}`);
  }
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

/** An operation of the document: its path template's segments, which are parameters, and the statuses it declares. */
interface DeclaredOperation {
  template: string;
  parts: string[];
  params: boolean[];
  declared: string[];
}

/** The document's operations by method and by number of path segments, a literal segment before a parameter. */
type DeclaredStatuses = Map<string, Map<number, DeclaredOperation[]>>;

/**
 * Made once per document text in a process: hundreds of test gateways serve the same document, and
 * reading it for each of their clients, then matching every answer against every path, cost a
 * run about 7 s of CPU.
 */
const declaredByText = new Map<string, DeclaredStatuses>();

const isParam = (part: string) => part.startsWith('{') && part.endsWith('}');

function declaredStatuses(text: string): DeclaredStatuses {
  const known = declaredByText.get(text);
  if (known) return known;
  const index: DeclaredStatuses = new Map();
  for (const [template, operations] of Object.entries((JSON.parse(text) as OpenApiDocument).paths)) {
    const parts = template.split('/');
    const params = parts.map(isParam);
    for (const [verb, operation] of Object.entries(operations)) {
      if (!operation.responses) continue;
      const byLength = index.get(verb) ?? new Map<number, DeclaredOperation[]>();
      index.set(verb, byLength);
      const list = byLength.get(parts.length) ?? [];
      byLength.set(parts.length, list);
      list.push({ template, parts, params, declared: Object.keys(operation.responses) });
    }
  }
  // A literal segment wins over a parameter (/v1/payments/search over /v1/payments/{id}), as in the router:
  // each list in that order (a stable sort, the document's order among equals).
  const rank = (operation: DeclaredOperation) => operation.params.map((param) => (param ? '1' : '0')).join('');
  for (const byLength of index.values()) for (const list of byLength.values()) list.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
  if (declaredByText.size >= 8) declaredByText.clear();
  declaredByText.set(text, index);
  return index;
}

/**
 * Every status an operation answers is declared in /openapi.json: a merchant's typed client
 * (packages/client) knows only those. Checked on every request the suite makes to an operation
 * of the document; other paths (hosted pages, /fields, /dashboard, unknown paths) are not.
 */
function assertDeclaredStatus(document: DeclaredStatuses, method: string, path: string, status: number): void {
  const segments = path.split('?')[0]!.split('/');
  const verb = method.toUpperCase() === 'HEAD' ? 'get' : method.toLowerCase();
  const best = document
    .get(verb)
    ?.get(segments.length)
    ?.find((operation) => operation.parts.every((part, i) => (operation.params[i] ? segments[i] !== '' : part === segments[i])));
  if (!best) return;
  if ([String(status), `${Math.floor(status / 100)}XX`, 'default'].some((key) => best.declared.includes(key))) return;
  throw new Error(
    `${method} ${path} answered ${status}, which /openapi.json does not declare for ${verb.toUpperCase()} ${best.template} (declared: ${best.declared.join(', ')})`,
  );
}

export class TestGateway extends HttpClient {
  constructor(
    readonly gateway: Gateway,
    baseUrl: string,
  ) {
    super(baseUrl);
  }

  get db() {
    return this.gateway.database.db;
  }

  /**
   * The document this gateway serves at /openapi.json, asked in process (a production gateway without TLS refuses
   * plain HTTP, the check is skipped then), its text taken from the gateway: without its megabyte over HTTP.
   */
  protected override async openApiText(): Promise<string | undefined | null> {
    const served = await this.gateway.app.inject({ method: 'GET', url: '/openapi.json' });
    return served.statusCode === 200 ? this.gateway.app.openApiText() : undefined;
  }

  /** A new client in a new organization, as the operator CLI makes them. */
  async client(options: { scopes?: Permission[]; organizationId?: string; pciSaqD?: boolean } = {}): Promise<TestClient> {
    const made = await provisionClient(
      this.db,
      {
        name: 'test client',
        pciSaqD: options.pciSaqD ?? false,
        ...(options.scopes ? { scopes: options.scopes } : {}),
        ...(options.organizationId ? { organizationId: options.organizationId } : {}),
        // Hashed at the least cost: its hash and each token request cost about 3 ms of CPU instead of 50.
        secretHashLogN: SECRET_HASH_LOG_N_RANGE.min,
      },
      this.gateway.clock,
    );
    const secret = made.client_secret.reveal();
    return {
      clientId: made.client_id,
      secret,
      organizationId: made.organization_id,
      token: async (scope?: string) => {
        const reply = await this.request<{ access_token: string }>('POST', '/oauth/token', {
          body: { grant_type: 'client_credentials', client_id: made.client_id, client_secret: secret, audience: AUDIENCE, ...(scope ? { scope } : {}) },
        });
        if (reply.status !== 200) throw new Error(`token request failed: ${reply.status} ${reply.text}`);
        return reply.body.access_token;
      },
    };
  }

  close(): Promise<void> {
    return this.gateway.close();
  }
}

export async function testEnv(dialect: Dialect, env: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    DATABASE_URL: env.DATABASE_URL ?? (await dialect.migratedDatabaseUrl()),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pasarela-data-')),
    MASTER_KEY: TEST_MASTER_KEY,
    PUBLIC_BASE_URL: AUDIENCE,
    LOG_LEVEL: 'silent',
    JOB_POLL_INTERVAL_MS: '50',
    // High by default: on PostgreSQL every test gateway shares one 127.0.0.1 failure counter.
    TOKEN_FAILURE_LIMIT: '100000',
    // Members' passwords at the sandbox's least scrypt cost (2^14, about 50 ms, instead of 2^17,
    // about 400 ms per hash and per sign-in; production refuses it): the default is tested where a
    // test sets it (dashboard-accounts).
    ...(env.ENVIRONMENT === 'production' ? {} : { DASHBOARD_PASSWORD_SCRYPT_LOG_N: '14' }),
    ...env,
  };
}

export interface StartOptions extends GatewayOptions {
  /**
   * Changes the configuration read from `env` before the gateway starts: for a value finer than
   * its setting takes (a heartbeat under the setting's whole second), so that a test waits for a
   * timer no longer than it needs. The gateway reads the field as it reads the setting's.
   */
  config?: (config: Config) => Config;
}

export async function startGateway(dialect: Dialect, env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestGateway> {
  const full = await testEnv(dialect, env);
  const { config: change = (config: Config) => config, ...gatewayOptions } = options;
  // RSA key pairs generated once per test process, never twice in one database (support/rsa-key-pairs.ts).
  const gateway = await createGateway(change(loadConfig(full)), { rsaKeyPairs: rsaKeyPairsFor(full.DATABASE_URL!), ...gatewayOptions });
  const address = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  return new TestGateway(gateway, address);
}
