/**
 * `BENCH_MODE=npx npm run bench`: the sandbox as a merchant starts it with
 * `npx pasarela` (docs/benchmarks.md "Start-up and memory of npx pasarela").
 * Packs `pasarela`, `@pasarela/client` and `@pasarela/fields` from the builds,
 * installs the tarballs in an empty folder outside the repository (as
 * test/packaging.test.ts does, with the repository's compiled better-sqlite3
 * as its local prebuild), then measures:
 *  - start-up: from spawning `npx pasarela --port P --data-dir D` to the first
 *    200 of GET /readyz, BENCH_NPX_STARTS times (default 5) on a fresh data
 *    folder and as many times on one that exists (a restart);
 *  - the resident memory (VmRSS) of the server process after start (1.5 s after
 *    /readyz, once its deferred start-up work has run), and after
 *    BENCH_NPX_PAYMENTS card payments (default 10000), 16 at a time.
 * Prints the results; writes nothing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Compiled to packages/server/dist/bench/: four levels below the repository's root.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const STARTS = Number(process.env.BENCH_NPX_STARTS ?? 5);
const PAYMENTS = Number(process.env.BENCH_NPX_PAYMENTS ?? 10000);

const freePort = (): Promise<number> =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => res(port));
    });
  });

function install(): { dir: string; project: string; installSeconds: number } {
  const dir = mkdtempSync(join(os.tmpdir(), 'pasarela-npx-bench-'));
  const packed: { name: string; filename: string }[] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir, '-w', 'pasarela', '-w', '@pasarela/client', '-w', '@pasarela/fields'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const sqlite = join(ROOT, 'node_modules', 'better-sqlite3');
  const version = (JSON.parse(readFileSync(join(sqlite, 'package.json'), 'utf8')) as { version: string }).version;
  mkdirSync(join(dir, 'stage', 'build', 'Release'), { recursive: true });
  mkdirSync(join(dir, 'prebuilds'));
  cpSync(join(sqlite, 'build', 'Release', 'better_sqlite3.node'), join(dir, 'stage', 'build', 'Release', 'better_sqlite3.node'));
  execFileSync('tar', [
    '-czf',
    join(dir, 'prebuilds', `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`),
    '-C',
    join(dir, 'stage'),
    'build',
  ]);
  const project = join(dir, 'app');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'app',
      private: true,
      type: 'module',
      dependencies: Object.fromEntries(packed.map((p) => [p.name, `file:${join(dir, p.filename)}`])),
    }),
  );
  const began = Date.now();
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: project,
    stdio: 'ignore',
    env: { ...process.env, npm_config_better_sqlite3_local_prebuilds: join(dir, 'prebuilds') },
  });
  return { dir, project, installSeconds: (Date.now() - began) / 1000 };
}

/** The server process under `npx` (npm exec, then a shell): the descendant `node .bin/pasarela`. */
function serverPid(root: number | undefined): number | undefined {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone
    }
  }
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift();
    if (pid === undefined) continue;
    try {
      const [argv0 = '', argv1 = ''] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (/(^|\/)node$/.test(argv0) && /(\.bin\/pasarela|dist\/bin\.js)$/.test(argv1)) return pid;
    } catch {
      // gone
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return undefined;
}

const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

async function start(project: string, dataDir: string) {
  const port = await freePort();
  const began = performance.now();
  // The per-client request limit (1000 per 10 s) would answer 429 to the payments: lifted, as run.ts does.
  const child = spawn('npx', ['pasarela', '--port', String(port), '--data-dir', dataDir], {
    cwd: project,
    detached: true,
    // The banner (the first-run client, the dashboard link) is on stderr, the JSON log lines on stdout.
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RATE_LIMIT_REQUESTS: '1000000' },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  for (;;) {
    const ok = await fetch(`http://localhost:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`npx pasarela exited: ${output}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - began;
  // CPU the server process used to get there (user + system, in clock ticks of 10 ms): what start-up costs whatever the machine's load.
  const pid = serverPid(child.pid);
  const stat = pid ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuMs = pid ? (Number(fields[11]) + Number(fields[12])) * 10 : NaN;
  return {
    port,
    ms,
    cpuMs,
    child,
    // What it printed so far: the banner may follow the first answer of /readyz by a few milliseconds.
    get output() {
      return output;
    },
    stop: () =>
      new Promise<void>((r) => {
        child.once('exit', () => r());
        process.kill(-(child.pid ?? 0), 'SIGTERM');
      }),
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const { dir, project, installSeconds } = install();
let stopLast: (() => Promise<void>) | undefined;
try {
  const fresh: number[] = [];
  const again: number[] = [];
  const freshCpu: number[] = [];
  const againCpu: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const s = await start(project, join(dir, `data-${i}`));
    fresh.push(s.ms);
    freshCpu.push(s.cpuMs);
    await s.stop();
    const r = await start(project, join(dir, `data-${i}`));
    again.push(r.ms);
    againCpu.push(r.cpuMs);
    await r.stop();
  }

  const fmt = (xs: number[]): string => `median ${Math.round(median(xs))} ms (min ${Math.round(Math.min(...xs))}, max ${Math.round(Math.max(...xs))})`;
  console.log(
    `npx pasarela, installed from the packed tarballs (install ${installSeconds.toFixed(0)} s), Node ${process.version}, ${os.cpus().length} cores, load average ${(os.loadavg()[0] ?? NaN).toFixed(1)}`,
  );
  console.log(`| Measure | Result |\n|---|---|`);
  console.log(`| Start-up to /readyz, first start (fresh data folder, ${STARTS} runs) | ${fmt(fresh)} |`);
  console.log(`| Start-up to /readyz, restart (existing data folder, ${STARTS} runs) | ${fmt(again)} |`);
  console.log(`| CPU of the server process until /readyz, first start / restart | median ${median(freshCpu)} ms / ${median(againCpu)} ms |`);

  const s = await start(project, join(dir, 'data-memory'));
  stopLast = s.stop;
  const pid = serverPid(s.child.pid);
  if (!pid) throw new Error('the server process under npx was not found');
  // What the server does once it answers (db/database.ts: the SQLite checkpoint thread, a second after it listens;
  // auth/signing-keys.ts: the first signing key) is part of its memory after start.
  await new Promise((r) => setTimeout(r, 1500));
  const afterStart = rssMb(pid);
  const base = `http://localhost:${s.port}`;
  const clientId = /client_id:\s+(\S+)/.exec(s.output)?.[1];
  const secret = /client_secret:\s+(\S+)/.exec(s.output)?.[1];
  if (!clientId || !secret) throw new Error(`npx pasarela printed no first-run client: ${s.output}`);
  const token = (
    (await (
      await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret, audience: base }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let keyReply = await fetch(`${base}/v1/encryption/keys`, { headers });
  // The organization's first key: created on request (compliance:write, which the first-run client has).
  if (keyReply.status === 404) keyReply = await fetch(`${base}/v1/encryption/keys`, { method: 'POST', headers: { authorization: headers.authorization } });
  const keyPem = ((await keyReply.json()) as { public_key: string }).public_key;
  const key = await webcrypto.subtle.importKey(
    'spki',
    Buffer.from(keyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64'),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const enc = async (v: string): Promise<string> => Buffer.from(await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, Buffer.from(v))).toString('base64');
  const card = {
    type: 'CARD',
    encrypted_number: await enc('4242424242424242'),
    encrypted_expiration_month: await enc('12'),
    encrypted_expiration_year: await enc('2030'),
    encrypted_holder_name: await enc('Ana Garcia'),
    encrypted_cvv: await enc('123'),
  };
  const instrument = (await (await fetch(`${base}/v1/instruments`, { method: 'POST', headers, body: JSON.stringify(card) })).json()) as { id: string };
  let next = 0;
  const failed = new Map<number, number>();
  const began = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < PAYMENTS) {
        const n = next++;
        const reply = await fetch(`${base}/v1/payments`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ amount: 150000, currency: 'COP', order_id: `npx-bench-${n}`, instrument_id: instrument.id, encrypted_cvv: await enc('123') }),
        });
        await reply.arrayBuffer();
        if (reply.status !== 201) failed.set(reply.status, (failed.get(reply.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const afterPayments = rssMb(pid);
  await s.stop();

  stopLast = undefined;
  console.log(`| Resident memory of the server after start | ${afterStart.toFixed(0)} MB |`);
  console.log(
    `| Resident memory after ${PAYMENTS} card payments (${seconds.toFixed(0)} s; not 201: ${failed.size === 0 ? 'none' : [...failed].map(([status, n]) => `${n} × ${status}`).join(', ')}) | ${afterPayments.toFixed(0)} MB |`,
  );
} finally {
  await stopLast?.();
  rmSync(dir, { recursive: true, force: true });
}
