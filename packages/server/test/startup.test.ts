/**
 * The operator's view: `node dist/main.js` and the CLI as real processes.
 * Configuration errors, first-run credentials, logs without secrets, the CLI
 * creating clients while the server runs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig, ConfigError } from '../src/config/config.js';
import { openDatabase } from '../src/db/database.js';
import { CURRENCIES } from '../src/lib/money.js';
import { CLI_ENTRY, SERVER_ENTRY, freePort, runProcess, startServerProcess } from './support/process.js';
import { eventually } from './support/wait.js';
import { TEST_MASTER_KEY } from './support/gateway.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'pasarela-start-'));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      environment: 'sandbox',
      port: 8080,
      host: '127.0.0.1',
      publicBaseUrl: 'http://localhost:8080',
      database: { kind: 'sqlite', url: '/srv/app/data/pasarela.sqlite', sqliteSync: 'normal' },
      tokenTtlSeconds: 43200,
      rateLimit: { points: 1000, windowSeconds: 10 },
      idempotencyTtlSeconds: 86400,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database.kind).toBe('postgres');
    expect(loadConfig({ PORT: '9000' }).publicBaseUrl).toBe('http://localhost:9000');
  });

  it('card-testing defences of payment links: caps, window and the custom-amount floor per currency', () => {
    const { links } = loadConfig({});
    expect(links).toMatchObject({ cardDeclinesPerLink: 5, cardDeclinesPerAddress: 10, cardDeclineWindowSeconds: 3600 });
    expect(links.minAmount).toMatchObject({ COP: 100000, USD: 50, CLP: 500, KWD: 150 });
    expect(Object.keys(links.minAmount).sort()).toEqual(Object.keys(CURRENCIES).sort());
    const set = loadConfig({
      LINK_CARD_DECLINES_PER_LINK: '3',
      LINK_CARD_DECLINES_PER_ADDRESS: '20',
      LINK_CARD_DECLINE_WINDOW_SECONDS: '600',
      LINK_MIN_AMOUNT: 'cop:2000, USD:1.00',
    }).links;
    expect(set).toMatchObject({
      cardDeclinesPerLink: 3,
      cardDeclinesPerAddress: 20,
      cardDeclineWindowSeconds: 600,
      minAmount: { COP: 200000, USD: 100, EUR: 50 },
    });
  });

  const PROD = { ENVIRONMENT: 'production', TRUST_PROXY: '1', PUBLIC_BASE_URL: 'https://api.example.test', MASTER_KEY: TEST_MASTER_KEY };
  it('production takes a random MASTER_KEY and bootstrap secret', () => {
    expect(loadConfig({ ...PROD, BOOTSTRAP_CLIENT_ID: 'bootstrap', BOOTSTRAP_CLIENT_SECRET: 'k7Q2mX9pL4vR8sT1' }).environment).toBe('production');
    // The sandbox keeps any 32 bytes (its tests and examples use fixed keys).
    expect(loadConfig({ MASTER_KEY: Buffer.alloc(32).toString('base64') }).environment).toBe('sandbox');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ ENVIRONMENT: 'staging' }, /ENVIRONMENT/],
    [{ ENVIRONMENT: 'production' }, /MASTER_KEY is required/],
    [{ MASTER_KEY: 'c2hvcnQ=' }, /MASTER_KEY must be 32/],
    [{ DATABASE_URL: 'mysql://x/y' }, /DATABASE_URL/],
    [{ PUBLIC_BASE_URL: 'not a url' }, /PUBLIC_BASE_URL/],
    [{ BOOTSTRAP_CLIENT_ID: 'only-id' }, /together/],
    [{ TLS_CERT_FILE: '/x.pem' }, /together/],
    [{ LINK_CARD_DECLINES_PER_LINK: '0' }, /LINK_CARD_DECLINES_PER_LINK/],
    [{ LINK_CARD_DECLINE_WINDOW_SECONDS: '86401' }, /LINK_CARD_DECLINE_WINDOW_SECONDS/],
    [{ LINK_MIN_AMOUNT: 'COP=1000' }, /LINK_MIN_AMOUNT must be comma-separated/],
    [{ LINK_MIN_AMOUNT: 'XYZ:1' }, /LINK_MIN_AMOUNT: XYZ is not a supported currency/],
    [{ LINK_MIN_AMOUNT: 'USD:0.001' }, /LINK_MIN_AMOUNT: 0.001 is not a valid USD amount/],
    [{ WORKERS: '2' }, /WORKERS above 1 needs PostgreSQL/],
    [{ WORKERS: '0', DATABASE_URL: 'postgres://u@h/db' }, /WORKERS must be between 1 and 64/],
    [{ RATE_LIMIT_SYNC_MS: '5', DATABASE_URL: 'postgres://u@h/db' }, /RATE_LIMIT_SYNC_MS must be between 10 and 5000/],
    [{ SQLITE_SYNCHRONOUS: 'off' }, /SQLITE_SYNCHRONOUS/],
    [{ ...PROD, MASTER_KEY: Buffer.alloc(32).toString('base64') }, /MASTER_KEY is not random \(1 distinct bytes of 32/],
    [{ ...PROD, BOOTSTRAP_CLIENT_ID: 'bootstrap', BOOTSTRAP_CLIENT_SECRET: 'a'.repeat(16) }, /BOOTSTRAP_CLIENT_SECRET is not random/],
    [{ ...PROD, DASHBOARD_PASSWORD_SCRYPT_LOG_N: '16' }, /DASHBOARD_PASSWORD_SCRYPT_LOG_N must be between 17 and 20, got 16/],
    [{ DASHBOARD_PASSWORD_SCRYPT_LOG_N: '13' }, /DASHBOARD_PASSWORD_SCRYPT_LOG_N must be between 14 and 20, got 13/],
    [{ TRUST_PROXY: '0.0.0.0/0' }, /^TRUST_PROXY: "0.0.0.0\/0" would trust every address/],
    [{ TRUST_PROXY: '10.0.0.0/8, ::/0' }, /^TRUST_PROXY: "::\/0" would trust every address/],
  ])('refuses %j', (env, reason) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(reason);
  });

  const productionEnv = { ENVIRONMENT: 'production', MASTER_KEY: TEST_MASTER_KEY, PUBLIC_BASE_URL: 'https://api.example.test' };

  it.each([
    [{}, /needs TLS_CERT_FILE and TLS_KEY_FILE, or TRUST_PROXY set to the hop count or the addresses/],
    [{ TRUST_PROXY: 'false' }, /needs TLS_CERT_FILE and TLS_KEY_FILE, or TRUST_PROXY/],
    [{ TRUST_PROXY: '1', CONNECTORS: 'simulator' }, /CONNECTORS=simulator is refused when ENVIRONMENT=production/],
    [{ TRUST_PROXY: '1', CONNECTORS: 'none', ALLOW_SIMULATED_CONNECTORS: 'true' }, /ALLOW_SIMULATED_CONNECTORS=true needs CONNECTORS=simulator/],
    [{ TRUST_PROXY: '1', CONNECTORS: 'simulator', ALLOW_SIMULATED_CONNECTORS: 'false' }, /CONNECTORS=simulator is refused when ENVIRONMENT=production/],
    [{ TRUST_PROXY: '1', PUBLIC_BASE_URL: 'http://api.example.test' }, /PUBLIC_BASE_URL must be an https:\/\/ URL when ENVIRONMENT=production/],
    [{ TRUST_PROXY: '1', PUBLIC_BASE_URL: '' }, /PUBLIC_BASE_URL is required when ENVIRONMENT=production/],
    [{ TRUST_PROXY: '1', MERCADOPAGO_API_URL: 'http://127.0.0.1:9/' }, /MERCADOPAGO_API_URL must be an https:\/\/ URL when ENVIRONMENT=production/],
    [{ TRUST_PROXY: '1', STRIPE_API_URL: 'http://127.0.0.1:9/' }, /STRIPE_API_URL must be an https:\/\/ URL when ENVIRONMENT=production/],
    [{ TRUST_PROXY: '1', STRIPE_API_URL: 'https://stripe-egress.internal/v1' }, /STRIPE_API_URL must be an origin without a path/],
  ])('production refuses %j', (env, reason) => {
    expect(() => loadConfig({ ...productionEnv, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...productionEnv, ...env })).toThrow(reason);
  });

  it('SQLite syncs every commit to disk in production, and at checkpoints only in the sandbox, unless SQLITE_SYNCHRONOUS says', async () => {
    expect(loadConfig({ ...productionEnv, TRUST_PROXY: '1' }).database.sqliteSync).toBe('full');
    expect(loadConfig({ ...productionEnv, TRUST_PROXY: '1', SQLITE_SYNCHRONOUS: 'normal' }).database.sqliteSync).toBe('normal');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'full' }).database.sqliteSync).toBe('full');
    // What the connection runs with (PRAGMA synchronous: 1 NORMAL, 2 FULL).
    for (const [sqliteSync, level] of [
      ['full', 2],
      ['normal', 1],
    ] as const) {
      const handle = openDatabase({ database: { kind: 'sqlite', url: join(tmp(), 'db.sqlite'), sqliteSync } });
      try {
        expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db)).rows).toEqual([{ synchronous: level }]);
      } finally {
        await handle.close();
      }
    }
  });

  it('production starts with TLS files or an explicit TRUST_PROXY, and never with the simulators', () => {
    expect(loadConfig({ ...productionEnv, TLS_CERT_FILE: '/c.pem', TLS_KEY_FILE: '/k.pem' })).toMatchObject({ trustProxy: false, connectors: 'none' });
    expect(loadConfig({ ...productionEnv, TRUST_PROXY: '2' })).toMatchObject({ trustProxy: { hops: 2 }, connectors: 'none' });
    // A rehearsal of production against the simulators says so explicitly (docs/reliability.md); webhooks to private
    // addresses only with their own setting on top; the flag means nothing, and is refused, in a sandbox.
    const rehearsal = { ...productionEnv, TRUST_PROXY: '1', CONNECTORS: 'simulator', ALLOW_SIMULATED_CONNECTORS: 'true' };
    expect(loadConfig(rehearsal)).toMatchObject({ connectors: 'simulator', simulatedRehearsal: true, webhooks: { allowPrivateUrls: false } });
    expect(loadConfig({ ...rehearsal, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' })).toMatchObject({ webhooks: { allowPrivateUrls: true } });
    expect(loadConfig({ ...productionEnv, TRUST_PROXY: '1', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' })).toMatchObject({ webhooks: { allowPrivateUrls: false } });
    expect(() => loadConfig({ ALLOW_SIMULATED_CONNECTORS: 'true' })).toThrow(/only for ENVIRONMENT=production rehearsals/);
    // A rehearsal may point the Mercado Pago connector at a fake processor on loopback (the chaos harness).
    expect(loadConfig({ ...rehearsal, MERCADOPAGO_API_URL: 'http://127.0.0.1:9/', MERCADOPAGO_TIMEOUT_MS: '1500' })).toMatchObject({
      mercadopago: { apiUrl: 'http://127.0.0.1:9', timeoutMs: 1500 },
    });
    expect(loadConfig({})).toMatchObject({ mercadopago: { apiUrl: 'https://api.mercadopago.com', timeoutMs: 40_000 } });
    expect(loadConfig({ ...productionEnv, TRUST_PROXY: '1', STRIPE_API_URL: 'https://stripe-egress.internal:8443', STRIPE_TIMEOUT_MS: '9000' })).toMatchObject({
      stripe: { apiUrl: 'https://stripe-egress.internal:8443', timeoutMs: 9000 },
    });
    expect(loadConfig({})).toMatchObject({ stripe: { apiUrl: 'https://api.stripe.com', timeoutMs: 40_000 } });
    // The sandbox keeps both (a staging deployment is a sandbox).
    expect(loadConfig({ CONNECTORS: 'simulator', PUBLIC_BASE_URL: 'http://localhost:8080' })).toMatchObject({ connectors: 'simulator', trustProxy: false });
  });

  it('reads TRUST_PROXY as false, a hop count (true meaning 1, never every hop) or a list of proxy addresses and CIDR ranges', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect([trust(''), trust('false'), trust('0'), trust('no')]).toEqual([false, false, false, false]);
    expect([trust('true'), trust('1'), trust('3')]).toEqual([{ hops: 1 }, { hops: 1 }, { hops: 3 }]);
    expect(trust('10.0.0.0/8, 192.168.1.7,fd00::/8,loopback')).toEqual({ addresses: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback'] });
    expect(() => trust('11')).toThrow(/at most 10 proxy hops/);
    expect(() => trust('10.0.0.0/8,proxy.internal,10.0.0.0/99')).toThrow(/not an address or range: "proxy.internal", "10.0.0.0\/99"/);
  });

  it('a bad value stops the process with a one-line reason and a non-zero exit', async () => {
    const result = await runProcess(SERVER_ENTRY, [], { PORT: 'eighty', DATA_DIR: tmp() });
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual(['pasarela: PORT must be a whole number, got "eighty"']);
    const production = await runProcess(SERVER_ENTRY, [], { ENVIRONMENT: 'production', DATA_DIR: tmp() });
    expect(production.code).not.toBe(0);
    expect(production.stderr).toMatch(/MASTER_KEY is required/);
    // Production behind nothing that terminates TLS would serve plain HTTP: it does not start.
    const plain = await runProcess(SERVER_ENTRY, [], {
      ENVIRONMENT: 'production',
      MASTER_KEY: TEST_MASTER_KEY,
      PUBLIC_BASE_URL: 'https://api.example.test',
      DATA_DIR: tmp(),
    });
    expect(plain.code).not.toBe(0);
    expect(plain.stderr.trim().split('\n')).toEqual([
      'pasarela: ENVIRONMENT=production needs TLS_CERT_FILE and TLS_KEY_FILE, or TRUST_PROXY set to the hop count or the addresses of the TLS-terminating proxies in front of it',
    ]);
  });
});

describe('the server process', () => {
  it('first start provisions a client and shows its secret once; the logs never show secrets or tokens', async () => {
    const dataDir = tmp();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_BASE_URL: `http://localhost:${port}`, LOG_LEVEL: 'info' };
    const first = await startServerProcess(env);
    let secret = '';
    try {
      const clientId = /client_id:\s+(\S+)/.exec(first.output())![1]!;
      secret = /client_secret:\s+(\S+)/.exec(first.output())![1]!;
      expect(clientId).toMatch(/^cli-/);
      const reply = await fetch(`${first.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret, audience: `http://localhost:${port}` }),
      });
      const { access_token: token } = (await reply.json()) as { access_token: string };
      expect(reply.status).toBe(200);
      const orgs = await fetch(`${first.url}/v1/organizations`, { headers: { authorization: `Bearer ${token}` } });
      expect(orgs.status).toBe(200);
      await fetch(`${first.url}/v1/organizations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x', card: { number: '4242424242424242', cvv: '123' } }),
      });
      // The three requests' lines: the process writes each once its answer is sent.
      await eventually(
        async () => first.output(),
        (output) => output.split('\n').filter((l) => l.includes('"request completed"')).length >= 3,
      );
      const logs = first
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'));
      expect(logs.length).toBeGreaterThan(2);
      // stdout is the JSON log alone (what a log collector reads): the banner, the secret in it, is on stderr.
      const stdoutLines = first
        .stdout()
        .split('\n')
        .filter((l) => l !== '');
      expect(stdoutLines.length).toBeGreaterThan(2);
      for (const line of stdoutLines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
      expect(first.stdout()).not.toContain(secret);
      expect(first.stdout()).not.toContain('client_secret');
      const joined = logs.join('\n');
      expect(joined).not.toContain(secret);
      expect(joined).not.toContain(token);
      expect(joined).not.toContain(token.split('.')[2]);
      expect(joined).not.toContain('4242424242424242');
      expect(joined).toContain('[redacted]');
      expect(joined).toMatch(/"reqId":"req-/);
    } finally {
      await first.stop();
    }
    const second = await startServerProcess(env);
    try {
      expect(second.output()).not.toContain('client_secret');
      expect(second.output()).not.toContain(secret);
    } finally {
      await second.stop();
    }
  });

  it("the sandbox's first start prints a one-time dashboard link that makes its visitor an owner, once", async () => {
    const dataDir = tmp();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_BASE_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn' };
    const first = await startServerProcess(env);
    let url = '';
    try {
      const organization = /organization:\s+(\S+)/.exec(first.output())![1]!;
      url = /(http:\/\/localhost:\d+\/dashboard\/welcome#token=[A-Za-z0-9_-]+)/.exec(first.output())![1]!;
      const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token')!;
      const link = await fetch(`${first.url}/dashboard/api/password/link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(link.status).toBe(200);
      expect(await link.json()).toMatchObject({ email: null, role: 'owner' });
      const set = await fetch(`${first.url}/dashboard/api/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password: 'a long sandbox password', email: 'me@example.com' }),
      });
      expect(set.status).toBe(200);
      expect(await set.json()).toMatchObject({ user: { email: 'me@example.com', role: 'owner' }, organization: { id: organization } });
    } finally {
      await first.stop();
    }
    const second = await startServerProcess(env);
    try {
      expect(second.output()).not.toContain('/dashboard/welcome');
    } finally {
      await second.stop();
    }
  }, 120_000);

  it("the CLI's dashboard-users create prints a one-time link that sets the password", async () => {
    const dataDir = tmp();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_BASE_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn' };
    const server = await startServerProcess(env);
    try {
      const org = JSON.parse(
        (
          await runProcess(CLI_ENTRY, ['clients', 'create', '--name', 'Acme', '--new-organization', 'Acme SAS', '--all-scopes', '--json'], {
            DATA_DIR: dataDir,
          })
        ).stdout,
      ) as { organization_id: string };
      const created = await runProcess(
        CLI_ENTRY,
        ['dashboard-users', 'create', '--email', 'Ana@Example.com', '--organization', org.organization_id, '--role', 'owner'],
        { DATA_DIR: dataDir },
      );
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain('ana@example.com');
      const url = /(http:\/\/localhost:\d+\/dashboard\/welcome#token=[A-Za-z0-9_-]+)/.exec(created.stdout)![1]!;
      const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token')!;
      const set = await fetch(`${server.url}/dashboard/api/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password: 'twelve chars plus' }),
      });
      expect(set.status).toBe(200);
      const signIn = await fetch(`${server.url}/dashboard/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana@example.com', password: 'twelve chars plus' }),
      });
      expect(signIn.status).toBe(200);
      expect(await signIn.json()).toMatchObject({ user: { role: 'owner' }, organization: { name: 'Acme SAS' } });

      const again = await runProcess(
        CLI_ENTRY,
        ['dashboard-users', 'create', '--email', 'ana@example.com', '--organization', org.organization_id, '--role', 'viewer'],
        { DATA_DIR: dataDir },
      );
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/exists already/);
      const badRole = await runProcess(
        CLI_ENTRY,
        ['dashboard-users', 'create', '--email', 'b@example.com', '--organization', org.organization_id, '--role', 'admin'],
        { DATA_DIR: dataDir },
      );
      expect(badRole.code).toBe(2);
      const reset = await runProcess(CLI_ENTRY, ['dashboard-users', 'link', '--email', 'ana@example.com', '--json'], { DATA_DIR: dataDir });
      expect(reset.code).toBe(0);
      expect((JSON.parse(reset.stdout) as { url: string }).url).toMatch(/\/dashboard\/welcome#token=/);
    } finally {
      await server.stop();
    }
  }, 120_000);

  // A server and six CLI processes, each opening the database: a busy machine needs more than the default 30 s.
  it("the CLI creates, lists and revokes clients against the running server's database", async () => {
    const dataDir = tmp();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_BASE_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn' };
    const server = await startServerProcess(env);
    try {
      const created = await runProcess(
        CLI_ENTRY,
        ['clients', 'create', '--name', 'Acme', '--new-organization', 'Acme SAS', '--scopes', 'organizations:read,payments:read', '--json'],
        { DATA_DIR: dataDir },
      );
      expect(created.code).toBe(0);
      const client = JSON.parse(created.stdout) as { client_id: string; client_secret: string; organization_id: string; scopes: string[] };
      expect(client.scopes).toEqual(['payments:read', 'organizations:read']);
      const sibling = await runProcess(
        CLI_ENTRY,
        ['clients', 'create', '--name', 'Acme 2', '--organization', client.organization_id, '--all-scopes', '--json'],
        { DATA_DIR: dataDir },
      );
      expect((JSON.parse(sibling.stdout) as { organization_id: string }).organization_id).toBe(client.organization_id);

      const tokenReply = await fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: client.client_id,
          client_secret: client.client_secret,
          audience: `http://localhost:${port}`,
        }),
      });
      const { access_token: token, scope } = (await tokenReply.json()) as { access_token: string; scope: string };
      expect(scope).toBe('payments:read organizations:read');
      const org = await fetch(`${server.url}/v1/organizations/${client.organization_id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await org.json()) as { name: string }).name).toBe('Acme SAS');

      const listed = await runProcess(CLI_ENTRY, ['clients', 'list', '--json'], { DATA_DIR: dataDir });
      const list = JSON.parse(listed.stdout) as Array<{ client_id: string; revoked_at: string | null }>;
      expect(list.map((c) => c.client_id)).toContain(client.client_id);
      expect(listed.stdout).not.toContain(client.client_secret);

      const revoked = await runProcess(CLI_ENTRY, ['clients', 'revoke', client.client_id], { DATA_DIR: dataDir });
      expect(revoked.code).toBe(0);
      const after = await eventually(
        () => fetch(`${server.url}/v1/organizations/${client.organization_id}`, { headers: { authorization: `Bearer ${token}` } }),
        (r) => r.status === 401,
        5000,
      );
      expect(after.status).toBe(401);

      const bad = await runProcess(CLI_ENTRY, ['clients', 'create', '--name', 'X', '--scopes', 'root:all'], { DATA_DIR: dataDir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/unknown permission/);
      const usage = await runProcess(CLI_ENTRY, ['nonsense'], { DATA_DIR: dataDir });
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/usage/);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
