/**
 * `npm run lint:openapi`: the OpenAPI document a generator reads must lint clean.
 * Runs Redocly CLI (its recommended rules) and Spectral (`spectral:oas`,
 * .spectral.yaml) on packages/client/openapi.json, the committed copy of the
 * gateway's /openapi.json (packages/client/test/generated.test.ts fails when it
 * drifts from the routes), and fails on any warning of either
 * (docs/api-conventions.md "The OpenAPI document").
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const document = join('packages', 'client', 'openapi.json');
const bin = (name) => join(root, 'node_modules', '.bin', name);

function run(name, args) {
  const started = performance.now();
  const result = spawnSync(bin(name), args, { cwd: root, encoding: 'utf8' });
  return { ...result, seconds: ((performance.now() - started) / 1000).toFixed(1) };
}

let failed = false;

const redocly = run('redocly', ['lint', document, '--format=json', '--lint-config=error']);
let report;
try {
  report = JSON.parse(redocly.stdout);
} catch {
  process.stderr.write(`redocly lint did not answer a report (exit ${redocly.status}):\n${redocly.stdout}${redocly.stderr}\n`);
  process.exit(1);
}
for (const problem of report.problems) {
  const where = problem.location?.map((l) => l.pointer).join(', ') ?? '';
  process.stdout.write(`redocly ${problem.severity} ${problem.ruleId}: ${problem.message} ${where}\n`);
}
const { errors, warnings } = report.totals;
process.stdout.write(`redocly lint (recommended): ${errors} errors, ${warnings} warnings in ${redocly.seconds} s\n`);
failed ||= errors + warnings > 0;

const spectral = run('spectral', ['lint', document, '--ruleset', '.spectral.yaml', '--fail-severity', 'hint', '--format', 'text', '--quiet']);
process.stdout.write(spectral.stdout);
if (spectral.stderr) process.stderr.write(spectral.stderr);
process.stdout.write(`spectral lint (spectral:oas): ${spectral.status === 0 ? 'no problems' : 'problems above'} in ${spectral.seconds} s\n`);
failed ||= spectral.status !== 0;

process.exit(failed ? 1 : 0);
