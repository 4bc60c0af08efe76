#!/usr/bin/env node
/**
 * `npm run mutate`: mutation testing of the money-critical files
 * (mutation-groups.mjs, stryker.config.mjs, docs/testing.md "Mutation
 * testing"), one Stryker run per group with its own test files, then each
 * file's score against the threshold: exit 1 when any file scores below it.
 *
 *   npm run mutate                   incremental: re-tests only what changed since each group's
 *                                    reports/mutation/<group>.incremental.json (committed)
 *   npm run mutate -- --force        every mutant again (a full run)
 *   npm run mutate -- --group money  one group (repeatable)
 *   npm run mutate -- --group payments --mutate packages/server/src/payments/authorize.ts
 *                                    part of a group while iterating; its result goes to
 *                                    reports/mutation/partial.incremental.json.partial, so the
 *                                    committed results stay whole
 *
 * The run is on SQLite only (TEST_DIALECTS=sqlite): a mutant's behaviour does not
 * depend on the engine, and each test file starts a gateway per dialect.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { default: config } = await import(join(root, 'stryker.config.mjs'));
const { MUTATION_GROUPS } = await import(join(root, 'mutation-groups.mjs'));
const threshold = config.thresholds.break;
const report = join(root, config.jsonReporter.fileName);

const args = process.argv.slice(2);
const groups = [];
for (let i = args.indexOf('--group'); i !== -1; i = args.indexOf('--group')) groups.push(...args.splice(i, 2).slice(1));
for (const name of groups) if (!MUTATION_GROUPS[name]) throw new Error(`unknown group ${name}: one of ${Object.keys(MUTATION_GROUPS).join(', ')}`);
const partial = args.includes('--mutate');

// Stryker's score: detected (killed or timed out) over every valid mutant (ignored ones excluded).
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const writtenAt = () => {
  try {
    return statSync(report).mtimeMs;
  } catch {
    return 0;
  }
};

const started = Date.now();
const lines = [];
let failed = false;
for (const name of groups.length > 0 ? groups : Object.keys(MUTATION_GROUPS)) {
  const group = MUTATION_GROUPS[name];
  const incremental = partial ? 'reports/mutation/partial.incremental.json.partial' : `reports/mutation/${name}.incremental.json`;
  const stryker = ['run', ...(partial ? [] : ['--mutate', group.mutate.join(',')]), '--incrementalFile', incremental, ...args];
  const env = { ...process.env, TEST_DIALECTS: 'sqlite', MUTATION_GROUP: name };
  delete env.TEST_DATABASE_URL;
  // Nothing Stryker's incremental mode compares has changed (the group's files and its test files, as the
  // committed result holds them): its result stands, without the first run's minutes.
  if (!partial && !args.includes('--force') && unchanged(group, join(root, incremental))) {
    lines.push(`group ${name}: unchanged since ${incremental}`);
    score(join(root, incremental));
    continue;
  }
  const before = writtenAt();
  const groupStarted = Date.now();
  const run = spawnSync(join(root, 'node_modules', '.bin', 'stryker'), stryker, { cwd: root, env, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - groupStarted) / 1000);
  // 1 is also Stryker's answer to its own (whole-group) break threshold: the report decides below.
  if ((run.status !== 0 && run.status !== 1) || writtenAt() === before) {
    console.error(`mutate: group ${name}: stryker ended with ${run.signal ?? run.status} after ${seconds} s, without a report`);
    process.exit(1);
  }
  lines.push(`group ${name}: ${seconds} s`);
  score(report);
}

function score(path) {
  for (const [file, { mutants }] of Object.entries(JSON.parse(readFileSync(path, 'utf8')).files)) {
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const valid = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
    const ignored = mutants.length - valid;
    const score = valid === 0 ? 100 : (100 * detected) / valid;
    failed ||= score < threshold;
    lines.push(
      `  ${score >= threshold ? 'ok  ' : 'FAIL'} ${score.toFixed(1).padStart(5)}%  ${String(detected).padStart(4)} of ${String(valid).padEnd(4)} (${ignored} not counted: static)  ${file}`,
    );
  }
}

function unchanged(group, path) {
  if (!existsSync(path)) return false;
  const previous = JSON.parse(readFileSync(path, 'utf8'));
  const same = (files, recorded) =>
    files.length === Object.keys(recorded ?? {}).length && files.every((file) => recorded[file]?.source === readFileSync(join(root, file), 'utf8'));
  return same(group.mutate, previous.files) && same(group.tests, previous.testFiles);
}

console.log(`\nmutate: ${Math.round((Date.now() - started) / 1000)} s; score per file (threshold ${threshold}%)\n${lines.join('\n')}`);
if (failed) {
  console.error(`mutate: a file scores below ${threshold}%: kill its survivors with a test, or list them in docs/testing.md if they are equivalent`);
  process.exit(1);
}
