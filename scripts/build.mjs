#!/usr/bin/env node
/**
 * `npm run build` (and so `npm start` and `npm test`): builds each workspace whose
 * inputs changed since its last build, and skips the others.
 *
 * A workspace's inputs are its sources and build configuration, plus the few
 * files of other packages its build reads (the type imports of the fields SDK
 * and the dashboard). After a successful build, a signature of every input
 * (path, size, modification time) is written to `dist/.inputs`; the next run
 * rebuilds when the signature differs (a file added, removed, edited or checked
 * out again) or the output is missing. `--force` (or BUILD_FORCE=1) rebuilds all.
 *
 * Order matters: the dashboard's build typechecks against the client's generated
 * types, so the client builds before it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const force = process.argv.includes('--force') || process.env.BUILD_FORCE === '1';

/** Each workspace: its folder, the inputs of its build (files or folders, from the root), and a file its build must leave. */
const workspaces = [
  {
    name: '@pasarela/fields',
    dir: 'packages/fields',
    inputs: [
      'packages/fields/src',
      'packages/fields/build.mjs',
      'packages/fields/package.json',
      'packages/fields/tsconfig.json',
      'packages/server/src/links/page-config.ts',
    ],
    output: 'packages/fields/dist/sdk.js',
  },
  {
    name: 'pasarela',
    dir: 'packages/server',
    inputs: [
      'packages/server/src',
      'packages/server/bench',
      'packages/server/scripts/build-bench.mjs',
      'packages/server/scripts/sqlite-snapshot.mjs',
      'packages/server/package.json',
      'packages/server/tsconfig.json',
      'packages/server/tsconfig.build.json',
    ],
    output: 'packages/server/bundle/main.js',
  },
  {
    name: '@pasarela/client',
    dir: 'packages/client',
    inputs: [
      'packages/client/src',
      'packages/client/scripts',
      'packages/client/openapi.json',
      'packages/client/package.json',
      'packages/client/tsconfig.json',
      'packages/client/tsconfig.build.json',
    ],
    output: 'packages/client/dist/index.js',
  },
  {
    name: '@pasarela/dashboard',
    dir: 'packages/dashboard',
    inputs: [
      'packages/dashboard/src',
      'packages/dashboard/public',
      'packages/dashboard/scripts',
      'packages/dashboard/index.html',
      'packages/dashboard/package.json',
      'packages/dashboard/tsconfig.json',
      'packages/dashboard/vite.config.ts',
      'packages/client/src',
      'packages/server/src/events/types.ts',
    ],
    output: 'packages/dashboard/dist/index.html',
  },
];

/** Every file below `path` (or `path` itself), as "relative path, size, mtime" lines. */
function listing(path, lines) {
  const full = join(root, path);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    lines.push(`${path}\tabsent`);
    return;
  }
  if (stat.isDirectory()) {
    for (const name of readdirSync(full).sort()) listing(join(path, name), lines);
    return;
  }
  lines.push(`${relative(root, full)}\t${stat.size}\t${Math.trunc(stat.mtimeMs)}`);
}

function signature(inputs) {
  const lines = [];
  for (const input of inputs) listing(input, lines);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let built = 0;
for (const ws of workspaces) {
  const stampFile = join(root, ws.dir, 'dist', '.inputs');
  const before = signature(ws.inputs);
  const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (!force && previous === before && existsSync(join(root, ws.output))) {
    console.error(`build: ${ws.name} is up to date`);
    continue;
  }
  console.error(`build: ${ws.name}`);
  // The compilers' output goes to stderr too: stdout is the server's JSON log (README).
  const run = spawnSync(npm, ['run', 'build', '-w', ws.name], { cwd: root, stdio: ['inherit', process.stderr, 'inherit'] });
  if (run.status !== 0) {
    console.error(`build: ${ws.name} failed`);
    process.exit(run.status ?? 1);
  }
  // Signed again after the build: a step that rewrites one of its inputs (the client's generated
  // types) is then not taken for a change next time.
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${signature(ws.inputs)}\n`);
  built++;
}
if (built === 0) console.error('build: nothing changed');
