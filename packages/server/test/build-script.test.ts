/**
 * `npm run build` (scripts/build.mjs) builds only the workspaces whose inputs changed: `npm start`
 * after a start with nothing edited must not spend half a minute compiling again. The suite runs
 * after `npm run build` (the README's `npm test`), so every workspace is already built here.
 * Its lines go to stderr, like every line meant for the operator.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

describe('npm run build', () => {
  it('builds nothing again when no input changed since the last build', () => {
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    for (const name of ['@pasarela/fields', 'pasarela', '@pasarela/client', '@pasarela/dashboard']) {
      expect(run.stderr).toContain(`build: ${name} is up to date`);
    }
    expect(run.stderr).toContain('build: nothing changed');
    // stdout is the server's JSON log under `npm start` (README): the build writes nothing there.
    expect(run.stdout).toBe('');
  });
});
