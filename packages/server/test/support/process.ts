/**
 * Runs the built server or CLI as a real child process, as an operator would: the bundle the
 * build makes of dist/ (scripts/bundle.mjs), which `npm start`, `npm run cli` and the
 * published command start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const SERVER_ENTRY = fileURLToPath(new URL('../../bundle/main.js', import.meta.url));
export const CLI_ENTRY = fileURLToPath(new URL('../../bundle/cli.js', import.meta.url));

/**
 * A loopback port nothing listens on, so a connection to it is refused: below the ephemeral range
 * that `listen(0)` draws from, and not one of the ports fetch refuses to try (1 is). A port freed
 * by closing a server is no such port: a test file in the other worker may listen on it the next
 * moment (and then it answers).
 */
export const REFUSING_PORT = 2;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** What the process wrote to stdout alone. */
  stdout(): string;
  stop(): Promise<void>;
}

/** Server processes started and not yet exited: killed when the test worker exits, should a test not stop one. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
    stdout += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const deadline = Date.now() + 60_000;
  while (!/listening on/.test(output)) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stdout: () => stdout,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export function runProcess(entry: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Several server processes started at once; if one fails to start, the others are stopped before the error is thrown. */
export async function startServerProcesses(envs: Record<string, string>[]): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(envs.map((env) => startServerProcess(env)));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (!failed) return started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value);
  await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
  throw failed.reason;
}
