/**
 * `npm run -s cli -- ... --json`, as the README shows it: stdout carries the
 * CLI's JSON and nothing else (no build lines), so it pipes to a JSON parser.
 * Runs on both dialects through the root package's `cli` script (scripts/cli.mjs),
 * against the built server (`npm test` builds first).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { testEnv } from './support/gateway.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function npmCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', 'cli', '--', ...args], {
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
