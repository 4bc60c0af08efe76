/**
 * `npm run -s cli -- ... --json`, as the README shows it: stdout carries the
 * CLI's JSON and nothing else (no build lines), so it pipes to a JSON parser.
 * Runs on both dialects through the root package's `cli` script (scripts/cli.mjs),
 * against the built server (`npm test` builds first). What the CLI's commands do
 * (dashboard links, members) runs that script without npm around it: the same
 * process, without npm's own start of about half a second for each command.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { TestGateway, testEnv } from './support/gateway.js';
import { createGateway } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { createDashboardUser, signIn, type DashboardSession } from './support/dashboard.js';
import { freePort, startServerProcess } from './support/process.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function npmCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliProcess('npm', ['run', '-s', 'cli', '--', ...args], env);
}

/** The same script as `npm run cli` runs (scripts/cli.mjs), without npm around it: for the tests of what the CLI does. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliProcess(process.execPath, ['scripts/cli.mjs', ...args], env);
}

function cliProcess(command: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe.each(dialects)('npm run -s cli -- --json on $name', (dialect) => {
  it('prints only the JSON on stdout', async () => {
    const env = await testEnv(dialect);
    const created = await npmCli(['clients', 'create', '--name', 'Acme', '--new-organization', 'Acme SAS', '--scopes', 'payments:read', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const client = JSON.parse(created.stdout) as { client_id: string; client_secret: string; scopes: string[] };
    expect(client.client_id).toMatch(/^cli-/);
    expect(client.scopes).toEqual(['payments:read']);

    const listed = await npmCli(['clients', 'list', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const list = JSON.parse(listed.stdout) as Array<{ client_id: string }>;
    expect(list.map((c) => c.client_id)).toContain(client.client_id);

    // A usage error: nothing on stdout, the usage on stderr.
    const wrong = await npmCli(['clients', 'nope'], env);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toContain('usage:');
  });
});

describe('npm run -s cli -- help', () => {
  it('prints the usage on stdout with exit 0 when asked for, on stderr with exit 2 after a wrong command', async () => {
    for (const args of [['--help'], ['help'], ['-h'], ['clients', 'create', '--help']]) {
      const asked = await npmCli(args, {});
      expect(asked.code, args.join(' ')).toBe(0);
      expect(asked.stderr, args.join(' ')).toBe('');
      expect(asked.stdout, args.join(' ')).toMatch(/^usage:\n/);
      expect(asked.stdout).toContain('npm run cli -- listen --forward-to URL');
    }
    for (const args of [[], ['nope'], ['clients', 'nope']]) {
      const wrong = await npmCli(args, {});
      expect(wrong.code, args.join(' ')).toBe(2);
      expect(wrong.stdout, args.join(' ')).toBe('');
      expect(wrong.stderr, args.join(' ')).toMatch(/^usage:\n/);
    }
  }, 60_000);
});

describe.each(dialects)("the CLI's dashboard links on $name", (dialect) => {
  it('are at the public base URL the server started with when PUBLIC_BASE_URL is not set (its PORT), at PUBLIC_BASE_URL when it is', async () => {
    const env = await testEnv(dialect, { DATABASE_URL: await dialect.migratedDatabaseUrl() });
    // The operator's environment: PORT for the server, no PUBLIC_BASE_URL, and the CLI without PORT.
    delete env.PUBLIC_BASE_URL;
    const cliJson = async (args: string[], extra: Record<string, string> = {}) => {
      const run = await cli(args, { ...env, ...extra });
      expect(run.code, run.stderr).toBe(0);
      return { ...(JSON.parse(run.stdout) as { organization_id: string; url: string }), stderr: run.stderr };
    };
    const org = (await cliJson(['clients', 'create', '--name', 'Acme', '--new-organization', 'Acme SAS', '--json'])).organization_id;
    const create = (email: string, extra: Record<string, string> = {}) =>
      cliJson(['dashboard-users', 'create', '--email', email, '--organization', org, '--role', 'developer', '--json'], extra);

    // No server has started on this database: the default, and a word on stderr.
    const early = await create('early@example.com');
    expect(early.url).toMatch(/^http:\/\/localhost:8080\/dashboard\/welcome#token=/);
    expect(early.stderr).toContain('no server has started on this database yet');

    const port = await freePort();
    const server = await startServerProcess({ ...env, PORT: String(port) });
    try {
      const link = await create('dev@example.com');
      expect(link.url).toMatch(new RegExp(`^http://localhost:${port}/dashboard/welcome#token=`));
      expect(link.stderr).toBe('');
      // The link works at that server.
      const token = new URLSearchParams(new URL(link.url).hash.slice(1)).get('token')!;
      const set = await fetch(`${server.url}/dashboard/api/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password: 'a long sandbox password' }),
      });
      expect(set.status).toBe(200);
      // PUBLIC_BASE_URL in the CLI's own environment wins.
      const reset = await cliJson(['dashboard-users', 'link', '--email', 'dev@example.com', '--json'], { PUBLIC_BASE_URL: 'https://pay.example.test' });
      expect(reset.url).toMatch(/^https:\/\/pay\.example\.test\/dashboard\/welcome#token=/);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe.each(dialects)("the CLI's dashboard-users (members) on $name", (dialect) => {
  it('lists, re-roles, disables, enables, signs out and removes members, revokes invitations, and keeps the last owner', async () => {
    // A running gateway and the CLI on one database, as an operator has them.
    const env = await testEnv(dialect, { TOKEN_FAILURE_LIMIT: '100000' });
    const gateway = await createGateway(loadConfig(env));
    const gw = new TestGateway(gateway, await gateway.app.listen({ port: 0, host: '127.0.0.1' }));
    try {
      const PASSWORD = 'correct horse battery staple';
      const org = await gw.client();
      const owner = await createDashboardUser(gw, { email: 'owner@cli.example', password: PASSWORD, role: 'owner', organizationId: org.organizationId });
      const dev = await createDashboardUser(gw, { email: 'dev@cli.example', password: PASSWORD, role: 'developer', organizationId: org.organizationId });
      const alive = async (s: DashboardSession) => (await s.request('GET', '/dashboard/api/session')).status === 200;
      const members = async (...args: string[]) => {
        const run = await cli(['dashboard-users', ...args], env);
        return { ...run, json: run.code === 0 && /^[[{]/.test(run.stdout.trim()) ? (JSON.parse(run.stdout) as unknown) : undefined };
      };

      const listed = await members('list', '--organization', org.organizationId, '--json');
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.json).toEqual([
        expect.objectContaining({ id: owner.id, email: owner.email, role: 'owner', disabled_at: null }),
        expect.objectContaining({ id: dev.id, email: dev.email, role: 'developer', disabled_at: null }),
      ]);

      // Ending sessions, by e-mail address: the member's session is dead at once.
      let devSession = await signIn(gw, dev.email, PASSWORD);
      const ended = await members('end-sessions', dev.email, '--json');
      expect(ended.code, ended.stderr).toBe(0);
      expect(ended.json).toMatchObject({ id: dev.id, sessions_ended: 1 });
      expect(await alive(devSession)).toBe(false);

      // A demotion ends sessions; a promotion does not.
      devSession = await signIn(gw, dev.email, PASSWORD);
      const demoted = await members('role', dev.id, 'viewer', '--json');
      expect(demoted.code, demoted.stderr).toBe(0);
      expect(demoted.json).toMatchObject({ id: dev.id, role: 'viewer' });
      expect(await alive(devSession)).toBe(false);
      const badRole = await members('role', dev.id, 'admin');
      expect(badRole.code).toBe(2);
      expect(badRole.stderr).toContain('owner, developer or viewer');

      // Disabled: sessions end and sign-in is refused; enabled again: sign-in works.
      devSession = await signIn(gw, dev.email, PASSWORD);
      const disabled = await members('disable', dev.id, '--json');
      expect(disabled.code, disabled.stderr).toBe(0);
      expect((disabled.json as { disabled_at: string | null }).disabled_at).not.toBeNull();
      expect(await alive(devSession)).toBe(false);
      expect((await gw.request('POST', '/dashboard/api/session', { body: { email: dev.email, password: PASSWORD } })).status).toBe(401);
      expect((await members('enable', dev.id)).code).toBe(0);
      devSession = await signIn(gw, dev.email, PASSWORD);

      // The last owner can be neither demoted, disabled nor removed.
      for (const args of [
        ['role', owner.id, 'viewer'],
        ['disable', owner.id],
        ['remove', owner.email],
      ]) {
        const refused = await members(...args);
        expect(refused.code, args.join(' ')).toBe(1);
        expect(refused.stdout).toBe('');
        expect(refused.stderr).toMatch(/last owner/);
      }

      // Invitations made on the Team page are listed and revoked: the link then answers 404.
      const ownerSession = await signIn(gw, owner.email, PASSWORD);
      const invited = await ownerSession.request<{ url: string }>('POST', '/dashboard/api/invitations', {
        body: { role: 'viewer', email: 'invitee@cli.example' },
      });
      expect(invited.status).toBe(201);
      const token = new URLSearchParams(new URL(invited.body.url).hash.slice(1)).get('token')!;
      const invitations = await members('invitations', '--organization', org.organizationId, '--json');
      expect(invitations.code, invitations.stderr).toBe(0);
      const [invitation] = invitations.json as Array<{ id: string; email: string; role: string }>;
      expect(invitation).toMatchObject({ email: 'invitee@cli.example', role: 'viewer' });
      const revoked = await members('revoke-invitation', invitation!.id);
      expect(revoked.code, revoked.stderr).toBe(0);
      expect((await gw.request('POST', '/dashboard/api/password/link', { body: { token } })).status).toBe(404);
      expect((await members('revoke-invitation', invitation!.id)).code).not.toBe(0);

      // Removed: the session ends and the member is gone from the list.
      const removed = await members('remove', dev.id, '--json');
      expect(removed.code, removed.stderr).toBe(0);
      expect(removed.json).toMatchObject({ id: dev.id, deleted: true });
      expect(await alive(devSession)).toBe(false);
      const after = await members('list', '--organization', org.organizationId, '--json');
      expect((after.json as Array<{ id: string }>).map((m) => m.id)).toEqual([owner.id]);
      expect(await alive(ownerSession)).toBe(true);
      const unknown = await members('remove', dev.id);
      expect(unknown.code).not.toBe(0);
      expect(unknown.stderr).toContain(`no dashboard user ${dev.id}`);
    } finally {
      await gw.close();
    }
    // Sixteen CLI processes, each starting Node and opening the database.
  }, 180_000);
});
