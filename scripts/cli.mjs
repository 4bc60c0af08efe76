#!/usr/bin/env node
/**
 * `npm run -s cli -- <command>`: the operator CLI (packages/server/src/cli/main.ts).
 * It runs the built CLI (packages/server/bundle/cli.js, the server's build bundles
 * it: packages/server/scripts/bundle.mjs) at once; only when the build is missing
 * or older than the server's sources does it build first, with the compiler's
 * output on stderr, so stdout carries the CLI's own output alone (`--json` pipes
 * to a JSON parser).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const server = join(root, 'packages', 'server');
const entry = join(server, 'bundle', 'cli.js');

/** The newest modification time (ms) of a file or of any file below a folder; 0 when absent. */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

const built = newest(entry);
const sources = Math.max(newest(join(server, 'src')), newest(join(server, 'tsconfig.json')), newest(join(server, 'tsconfig.build.json')));
if (built === 0 || sources > built) {
  process.stderr.write('pasarela: building the server (packages/server/bundle is missing or older than its sources)...\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The compiler's output goes to stderr: stdout is the CLI's alone.
  const build = spawnSync(npm, ['run', '--silent', 'build', '-w', 'pasarela'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
  if (build.status !== 0) {
    process.stderr.write('pasarela: the build failed\n');
    process.exit(build.status ?? 1);
  }
}

// The CLI reads process.argv.slice(2): the same arguments as this script's.
await import(pathToFileURL(entry).href);
