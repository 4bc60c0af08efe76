/**
 * The published packages, as a merchant gets them: `npm pack` of `pasarela`,
 * `@pasarela/client` and `@pasarela/fields` (from the builds `npm test` has
 * made), installed from the tarballs into an empty folder outside the
 * repository (the registry for their dependencies, through the local npm
 * cache), then:
 *  - `npx pasarela` started from there on a free port, and a payment made with
 *    the installed client;
 *  - examples/ci-recipe (docs/testing-your-integration.md): the steps of its
 *    GitHub Actions workflow run one after another as the runner would, each
 *    in its own shell, the merchant's tests included.
 *
 * Slow by nature (an npm install, about a minute): one install serves both.
 * better-sqlite3 12 has no prebuilt binary reachable from every CI machine, and
 * compiling it takes minutes: its install script (prebuild-install) is given
 * the repository's compiled addon as a local prebuild, the way a mirror would
 * serve it. Nothing of this repository is used but the three tarballs and that.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/process.js';
import SQLite from '../src/db/sqlite-driver.js';
import { migrations } from '../src/db/migrations/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLE = join(ROOT, 'examples', 'ci-recipe');
const INSTALL_TIMEOUT_MS = 600_000;

function run(command: string, args: string[], options: { cwd: string; env?: Record<string, string> }): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, encoding: 'utf8', timeout: INSTALL_TIMEOUT_MS });
  return { code: result.status ?? -1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** The `run:` steps of a GitHub Actions workflow (the subset of YAML the example uses), with their names and `if:`. */
function workflowSteps(yaml: string): { name: string; run: string; if?: string }[] {
  const steps: { name: string; run: string; if?: string }[] = [];
  const lines = yaml.split('\n');
  let current: { name: string; run?: string; if?: string } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const start = /^(\s*)- (name|uses): ?(.*)$/.exec(line);
    if (start) {
      if (current?.run !== undefined) steps.push(current as { name: string; run: string });
      current = { name: start[2] === 'name' ? start[3]! : `uses ${start[3]}` };
      continue;
    }
    const field = /^(\s*)(run|if): ?(.*)$/.exec(line);
    if (!current || !field) continue;
    if (field[2] === 'if') current.if = field[3]!;
    else if (field[3] === '|') {
      const indent = field[1]!.length;
      const body: string[] = [];
      while (i + 1 < lines.length && (lines[i + 1]!.trim() === '' || lines[i + 1]!.search(/\S/) > indent)) body.push(lines[++i]!);
      const strip = Math.min(...body.filter((l) => l.trim()).map((l) => l.search(/\S/)));
      current.run = body
        .map((l) => l.slice(strip))
        .join('\n')
        .trim();
    } else current.run = field[3]!;
  }
  if (current?.run !== undefined) steps.push(current as { name: string; run: string });
  return steps;
}

describe('the packed packages, installed outside the repository', () => {
  let dir: string;
  let project: string;
  let sandboxPort: number;
  let appPort: number;
  const groups: number[] = [];

  beforeAll(async () => {
    for (const built of [
      'packages/server/dist/bin.js',
      'packages/server/bundle/bin.js',
      'packages/client/dist/index.js',
      'packages/fields/dist/sdk.js',
      'packages/dashboard/dist/index.html',
    ]) {
      if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run npm run build first`);
    }
    dir = mkdtempSync(join(tmpdir(), 'pasarela-packed-'));
    const packed = run('npm', ['pack', '--json', '--pack-destination', dir, '-w', 'pasarela', '-w', '@pasarela/client', '-w', '@pasarela/fields'], {
      cwd: ROOT,
    });
    expect(packed.code, packed.stderr).toBe(0);
    // What packing adds to the server's folder (assets/) is removed again once packed; the bundle is the build's and stays.
    expect(existsSync(join(ROOT, 'packages/server/assets'))).toBe(false);
    expect(existsSync(join(ROOT, 'packages/server/bundle/main.js'))).toBe(true);
    const tarballs = Object.fromEntries((JSON.parse(packed.stdout) as { name: string; filename: string }[]).map((p) => [p.name, join(dir, p.filename)]));

    // The repository's compiled better-sqlite3 12, as a prebuilt binary for its install script.
    const sqlite = join(ROOT, 'node_modules', 'better-sqlite3');
    const version = (JSON.parse(readFileSync(join(sqlite, 'package.json'), 'utf8')) as { version: string }).version;
    const prebuilds = join(dir, 'prebuilds');
    mkdirSync(join(dir, 'stage', 'build', 'Release'), { recursive: true });
    mkdirSync(prebuilds);
    cpSync(join(sqlite, 'build', 'Release', 'better_sqlite3.node'), join(dir, 'stage', 'build', 'Release', 'better_sqlite3.node'));
    const tar = run(
      'tar',
      [
        '-czf',
        join(prebuilds, `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`),
        '-C',
        join(dir, 'stage'),
        'build',
      ],
      { cwd: dir },
    );
    expect(tar.code, tar.stderr).toBe(0);

    // The merchant's project: examples/ci-recipe, its dependencies the tarballs, its ports free ones.
    sandboxPort = await freePort();
    // Two free ports asked for one after the other may be the same one (each is released before the next is asked for).
    do appPort = await freePort();
    while (appPort === sandboxPort);
    project = join(dir, 'merchant');
    cpSync(EXAMPLE, project, { recursive: true });
    for (const file of ['pasarela-seed.json', 'github-actions.yml', 'test/payments.test.mjs']) {
      const path = join(project, file);
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll('4242/', `${appPort}/`).replaceAll('8080', String(sandboxPort)));
    }
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    manifest.devDependencies = {
      pasarela: `file:${tarballs.pasarela}`,
      '@pasarela/client': `file:${tarballs['@pasarela/client']}`,
      '@pasarela/fields': `file:${tarballs['@pasarela/fields']}`,
    };
    writeFileSync(join(project, 'package.json'), JSON.stringify(manifest, null, 2));
    const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: project,
      env: { npm_config_better_sqlite3_local_prebuilds: prebuilds },
    });
    expect(installed.code, installed.stderr).toBe(0);
    // The command starts the bundled server (scripts/bundle.mjs), and an empty database gets the build's schema (db/sqlite-snapshot.ts).
    const installedServer = join(project, 'node_modules', 'pasarela');
    for (const file of ['bin.js', 'main.js', 'cli.js', 'mcp.js']) expect(existsSync(join(installedServer, 'bundle', file)), file).toBe(true);
    expect(existsSync(join(installedServer, 'dist', 'db', 'sqlite-snapshot.json'))).toBe(true);
  }, INSTALL_TIMEOUT_MS);

  afterAll(() => {
    // The steps' process groups: the background sandbox and listener they started.
    for (const group of groups) {
      try {
        process.kill(-group, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  });

  it('npx pasarela starts the sandbox from the installed package, and the installed client makes a payment', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const child = spawn('npx', ['pasarela', '--port', String(port), '--data-dir', join(dir, 'first-run')], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    groups.push(child.pid!);
    let output = '';
    // Started when it says so on its output; refused if it exits first or stays silent for a minute.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npx pasarela did not start: ${output}`)), 60_000);
      const read = (d: Buffer) => {
        output += d.toString();
        if (/listening on/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', () => {
        clearTimeout(timer);
        reject(new Error(`npx pasarela did not start: ${output}`));
      });
    });
    const base = `http://localhost:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // The banner of npm start: the client and the dashboard's one-time link.
    const clientId = /client_id:\s+(\S+)/.exec(output)?.[1];
    const secret = /client_secret:\s+(\S+)/.exec(output)?.[1];
    expect(clientId).toMatch(/^cli-/);
    expect(output).toMatch(new RegExp(`${base}/dashboard/welcome#token=`));
    // What the package carries beside its code: the fields SDK and the dashboard.
    expect((await fetch(`${base}/fields/v1/sdk.js`)).status).toBe(200);
    expect(await (await fetch(`${base}/dashboard/`)).text()).toContain('<div id="root">');

    const script = `
      import { Pasarela } from '@pasarela/client';
      const p = new Pasarela({ baseUrl: ${JSON.stringify(base)}, clientId: ${JSON.stringify(clientId)}, clientSecret: ${JSON.stringify(secret)} });
      const instrument = await p.instruments.create(await p.cards.encrypt({ number: '4242424242424242', expMonth: 12, expYear: 2030, holder: 'Ana Garcia', cvv: '123' }));
      const payment = await p.payments.create({ amount: 150000, currency: 'COP', order_id: 'packed-1', instrument_id: instrument.id, encrypted_cvv: await p.cards.encryptCvv('123') });
      console.log(JSON.stringify(payment));`;
    writeFileSync(join(project, 'pay.mjs'), script);
    const paid = run(process.execPath, ['pay.mjs'], { cwd: project });
    expect(paid.code, paid.stderr).toBe(0);
    expect(JSON.parse(paid.stdout)).toMatchObject({ status: 'APPROVED', amount: '150000.00', currency: 'COP' });

    // The first start got the build's snapshot (db/sqlite-snapshot.ts), not 34 migrations one by one: every
    // migration is recorded, all at the one time the snapshot was applied at.
    const file = new SQLite(join(dir, 'first-run', 'pasarela.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const recorded = file.prepare('select name, timestamp from kysely_migration order by name').all() as { name: string; timestamp: string }[];
      expect(recorded.map((m) => m.name)).toEqual(Object.keys(migrations).sort());
      expect(new Set(recorded.map((m) => m.timestamp)).size).toBe(1);
    } finally {
      file.close();
    }

    // The operator CLI of the installed package, on the same data folder.
    const listed = run('npx', ['pasarela', 'cli', 'clients', 'list', '--json'], { cwd: project, env: { DATA_DIR: join(dir, 'first-run') } });
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { client_id: string }[]).map((c) => c.client_id)).toEqual([clientId]);

    process.kill(-child.pid!, 'SIGTERM');
  });

  it('refuses a seed file with every problem named', { timeout: 60_000 }, () => {
    writeFileSync(
      join(project, 'bad-seed.json'),
      JSON.stringify({
        organizations: [
          {
            name: 'x',
            clients: [{ client_id: 'ci', client_secret: 'short', scopes: ['payments:fly'] }],
            webhook_endpoints: [{ url: 'ftp://x', events: ['nope'] }],
          },
        ],
      }),
    );
    const refused = run('npx', ['pasarela', '--seed', 'bad-seed.json', '--data-dir', join(dir, 'bad')], { cwd: project });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bad-seed.json is not valid');
    expect(refused.stderr).toContain('organizations.0.clients.0.client_id');
    expect(refused.stderr).toContain('organizations.0.clients.0.client_secret');
  });

  it("runs examples/ci-recipe's workflow steps: sandbox from the seed, listen --forward-to, the merchant's tests", { timeout: 180_000 }, async () => {
    const yaml = readFileSync(join(project, 'github-actions.yml'), 'utf8');
    const jobEnv = Object.fromEntries([...yaml.matchAll(/^ {6}(PASARELA_[A-Z_]+): "?([^"\n]+)"?$/gm)].map((m) => [m[1]!, m[2]!]));
    expect(jobEnv.PASARELA_CLIENT_ID).toBe('ci-shop');
    const runnerTemp = join(dir, 'runner');
    mkdirSync(runnerTemp);
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', RUNNER_TEMP: runnerTemp, ...jobEnv };
    // `npm ci` is the install the test made already (the packages are not on the registry); the failure step runs only on failure.
    const steps = workflowSteps(yaml).filter((s) => s.run !== 'npm ci' && !s.if);
    expect(steps.map((s) => s.name)).toEqual(['Start the Pasarela sandbox', 'Forward events to the app under test', 'Test']);
    for (const step of steps) {
      const child = spawn('bash', ['-e', '-c', step.run], { cwd: project, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      groups.push(child.pid!);
      let output = '';
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? -1)));
      const logs = ['pasarela.log', 'listen.log']
        .map((f) => (existsSync(join(runnerTemp, f)) ? `${f}:\n${readFileSync(join(runnerTemp, f), 'utf8')}` : ''))
        .join('\n');
      expect(code, `${step.name}:\n${output}\n${logs}`).toBe(0);
    }
    expect(readFileSync(join(runnerTemp, 'pasarela.log'), 'utf8')).toContain('client_id:   ci-shop');
  });
});
