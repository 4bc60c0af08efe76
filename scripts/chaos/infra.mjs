/**
 * The chaos harness's moving parts (docs/reliability.md): a throwaway
 * PostgreSQL cluster, gateway processes in production mode, nginx in front of
 * them with the shipped deploy/nginx.conf, a certificate made for the run and
 * two HTTPS webhook receivers. Every process here is started by the harness
 * and ended by its id.
 */
import { execFile, execFileSync, fork, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const SERVER_ENTRY = join(ROOT, 'packages/server/bundle/main.js');
export const CLI_ENTRY = join(ROOT, 'packages/server/bundle/cli.js');
const isRoot = process.getuid?.() === 0;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

/** A self-signed certificate for localhost and 127.0.0.1, made for this run only. */
export function makeCertificate(dir) {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  chmodSync(key, 0o644);
  return { cert, key };
}

function pgBin() {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : undefined;
  if (!bin || !existsSync(join(bin, 'initdb')))
    throw new Error('PostgreSQL server binaries not found in /usr/lib/postgresql/*/bin (apt-get install postgresql)');
  return bin;
}

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb and postgres refuse root). */
function asPostgres(file, args, options = {}) {
  if (!isRoot) return execFileSync(file, args, { stdio: 'pipe', ...options });
  const quoted = [file, ...args].map((a) => `'${String(a).replace(/'/g, "'\\''")}'`).join(' ');
  return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe', ...options });
}

/** The same, without blocking the harness's event loop (the probes and the workload go on meanwhile). */
async function asPostgresAsync(file, args) {
  const run = promisify(execFile);
  if (!isRoot) return run(file, args);
  const quoted = [file, ...args].map((a) => `'${String(a).replace(/'/g, "'\\''")}'`).join(' ');
  return run('su', ['postgres', '-s', '/bin/sh', '-c', quoted]);
}

export class PostgresCluster {
  constructor(dir, { fsync }) {
    this.bin = pgBin();
    this.dir = join(dir, 'pg');
    this.fsync = fsync;
  }

  async init() {
    mkdirSync(this.dir, { recursive: true });
    if (isRoot)
      chownSync(this.dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
    this.port = await freePort();
    asPostgres(join(this.bin, 'initdb'), ['-D', join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres']);
    await this.start();
    this.url = `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  start() {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=${this.fsync ? 'on' : 'off'}`;
    return asPostgresAsync(join(this.bin, 'pg_ctl'), ['-D', join(this.dir, 'data'), '-l', join(this.dir, 'log'), '-w', '-o', options, 'start']);
  }

  /** mode: fast (a clean restart) or immediate (a crash: the next start replays the WAL). */
  stop(mode = 'fast') {
    return asPostgresAsync(join(this.bin, 'pg_ctl'), ['-D', join(this.dir, 'data'), '-m', mode, '-w', 'stop']);
  }

  async restart() {
    await this.stop('fast');
    await this.start();
  }

  tool(name) {
    return join(this.bin, name);
  }

  destroy() {
    try {
      asPostgres(join(this.bin, 'pg_ctl'), ['-D', join(this.dir, 'data'), '-m', 'immediate', 'stop']);
    } catch {
      // already stopped
    }
  }
}

/** A gateway process (packages/server/bundle/main.js) that the harness can kill -9, pause and start again. */
export class GatewayProcess {
  constructor(name, env, logDir) {
    this.name = name;
    this.env = env;
    this.logFile = join(logDir, `${name}.log`);
    this.starts = 0;
  }

  async start() {
    const out = openSync(this.logFile, 'a');
    this.output = '';
    this.child = spawn(process.execPath, [SERVER_ENTRY], { env: { PATH: process.env.PATH ?? '', ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.starts++;
    const child = this.child;
    const append = (d) => {
      if (this.output.length < 100_000) this.output += d.toString();
      writeFileSync(out, d);
    };
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    this.exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
    const deadline = Date.now() + 240_000;
    while (!/listening on/.test(this.output)) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${this.name} exited while starting: ${this.output.slice(-2000)}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${this.name} did not start in 240 s: ${this.output.slice(-2000)}`);
      }
      await sleep(50);
    }
    this.pid = child.pid;
  }

  /** Runs `fn` after every earlier `exclusive` call on this process has ended (two faults never restart it at once). */
  exclusive(fn) {
    const run = (this.queue ?? Promise.resolve()).then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async kill9() {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  pause() {
    this.child.kill('SIGSTOP');
  }

  resume() {
    this.child.kill('SIGCONT');
  }

  async stop() {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGCONT');
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }
}

/**
 * nginx with the shipped deploy/nginx.conf: the harness changes only what a
 * run on one machine must (listen address, certificate, upstream ports, log
 * paths) and wraps it in a main configuration of its own (pid, temp paths).
 */
export async function startNginx(dir, { cert, key, upstreamPorts }) {
  const prefix = join(dir, 'nginx');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const port = await freePort();
  let site = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const replace = (pattern, value) => {
    if (!pattern.test(site)) throw new Error(`deploy/nginx.conf no longer has ${pattern}`);
    site = site.replace(pattern, value);
  };
  replace(/^(\s*)server 127\.0\.0\.1:8081[^\n]*\n(\s*server 127\.0\.0\.1:808\d[^\n]*\n)*/m, (_m, indent) =>
    upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;\n`).join(''),
  );
  replace(/listen 443 ssl;/, `listen 127.0.0.1:${port} ssl;`);
  replace(/listen \[::\]:443 ssl;/, '');
  replace(/listen 80;[^\n]*/, `listen 127.0.0.1:${await freePort()};`);
  replace(/listen \[::\]:80;/, '');
  replace(/ssl_certificate \/[^;]+;/, `ssl_certificate ${cert};`);
  replace(/ssl_certificate_key \/[^;]+;/, `ssl_certificate_key ${key};`);
  site = site
    .replace(/access_log \/[^;]+;/g, `access_log ${join(prefix, 'logs/access.log')};`)
    .replace(/error_log \/[^;]+;/g, `error_log ${join(prefix, 'logs/error.log')};`);
  writeFileSync(join(prefix, 'pasarela.conf'), site);
  const main = [
    isRoot ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${join(prefix, 'nginx.pid')};`,
    `error_log ${join(prefix, 'logs/error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  client_body_temp_path ${join(prefix, 'client_body')};`,
    `  proxy_temp_path ${join(prefix, 'proxy')};`,
    `  fastcgi_temp_path ${join(prefix, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(prefix, 'uwsgi')};`,
    `  scgi_temp_path ${join(prefix, 'scgi')};`,
    `  access_log ${join(prefix, 'logs/access.log')};`,
    `  include ${join(prefix, 'pasarela.conf')};`,
    '}',
    '',
  ].join('\n');
  writeFileSync(join(prefix, 'nginx.conf'), main);
  const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  execFileSync(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-t'], { stdio: 'pipe' });
  execFileSync(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'pipe' });
  const pid = () => Number(readFileSync(join(prefix, 'nginx.pid'), 'utf8').trim());
  for (let i = 0; i < 100 && !existsSync(join(prefix, 'nginx.pid')); i++) await sleep(50);
  return {
    port,
    prefix,
    stop: () => {
      try {
        process.kill(pid(), 'SIGQUIT');
      } catch {
        // gone
      }
    },
  };
}

/**
 * A webhook receiver over HTTPS, in a child process (receiver.mjs): `setMode`
 * ok (200), fail (500) or hang (never answers); `collect()` fetches its receipts.
 */
export async function startReceiver(name, { cert, key }) {
  const child = fork(join(ROOT, 'scripts/chaos/receiver.mjs'), [cert, key], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolvePort, reject) => {
    child.once('message', (m) => resolvePort(m.port));
    child.once('exit', () => reject(new Error(`${name} exited`)));
  });
  const receiver = {
    name,
    url: `https://localhost:${port}`,
    receipts: [],
    state: {
      set mode(value) {
        child.send({ mode: value });
      },
    },
    collect: () =>
      new Promise((resolveReceipts) => {
        child.once('message', (m) => {
          receiver.receipts = m.receipts;
          resolveReceipts(m.receipts);
        });
        child.send({ receipts: true });
      }),
    close: async () => {
      child.kill('SIGTERM');
    },
  };
  return receiver;
}

/** Resident memory (kB) and open file descriptors of a process, from /proc. */
export function processUsage(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fds = readdirSync(`/proc/${pid}/fd`).length;
  return { rssKb: rss, fds };
}
