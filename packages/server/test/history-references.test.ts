/**
 * `npm run lint`'s check that docs and code cite dates and commits, not the sessions of work the
 * project was built in (scripts/check-history-references.mjs): it passes on the repository as
 * it is, fails on each kind of reference planted in a file (wrapped across lines and comment
 * markers too), and leaves the product's own sessions alone (checkout sessions, the dashboard's
 * sign-in sessions, the session cookie). The script runs as `npm run lint` runs it: a process.
 *
 * The planted texts spell the word through S, so that this file names no session itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'check-history-references.mjs');
const S = ['ses', 'sion'].join('');

function runCheck(...paths: string[]): { code: number | null; output: string } {
  const result = spawnSync(process.execPath, [SCRIPT, ...paths], { cwd: ROOT, encoding: 'utf8' });
  return { code: result.status, output: result.stdout + result.stderr };
}

/** A directory laid out like the repository, with `files` (path → text) in it. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'history-references-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('the check for references to sessions of work', () => {
  it('is part of npm run lint', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.lint).toContain('node scripts/check-history-references.mjs');
  });

  it('passes on the repository: docs, README, scripts, examples and every package', () => {
    const { code, output } = runCheck();
    expect(output).toMatch(/history references: \d+ files checked, none names a session of work/);
    expect(code).toBe(0);
  });

  it('fails on each kind of reference, naming its file, line and words', () => {
    const planted = [
      `Measured in the eleventh ${S} (create 0.38).`,
      `## Sixth and seventh ${S}s: no order look-up`,
      `reads, the write), in a tenth-${S} measurement.`,
      `the figures of the 12th ${S} and the twenty-first ${S}`,
      `the last short run of ${S} 5, with the terminal simulators`,
      `${S.replace('s', 'S')} 17's final code (43c1551)`,
      `the ${S}-5 full run admitted 560`,
      `Full runs this ${S} (the last of each engine)`,
      `408 s for the previous ${S}'s run`,
      `3,300-3,600 in the earlier ${S}s' quiet runs`,
      `it is the next ${S}'s work`,
      `measured in ${S}, not in CI`,
      `the ${S}-by-${S} measurements`,
      `what each work ${S} measured`,
      `on a quiet machine after the ${S}'s merges`,
      `**Full runs of the ${S}.**`,
      `a pkill by another job of the ${S}, not the gateway`,
    ];
    const dir = tree({
      'docs/history.md': planted.join('\n') + '\n',
      // Wrapped in a block comment and across `//` lines: still one reference each.
      'packages/server/src/db/group.ts': `/**\n * half of it was the kernel (docs/benchmarks-history.md, twelfth\n * ${S}).\n */\n// seventeenth\n// ${S}: the paced client\nexport const A = 1;\n`,
    });
    const { code, output } = runCheck(dir);
    expect(code).toBe(1);
    const reported = output.split('\n').filter((line) => line.includes('names a session of work'));
    planted.forEach((_, index) => expect(output).toContain(`history.md:${index + 1}:`));
    expect(output).toContain('group.ts:2:');
    expect(output).toContain('group.ts:5:');
    expect(output).toContain(`"eleventh ${S}"`);
    expect(output).toContain(`"twelfth * ${S}"`);
    // `the 12th … and the twenty-first …` is two references on one line.
    expect(reported).toHaveLength(planted.length + 1 + 2);
    expect(output).toContain('the date (UTC) and the commit');
  });

  it("leaves the product's sessions alone", () => {
    const product = [
      `Your backend creates a checkout ${S} for the cart and hands the page only the ${S}'s token.`,
      `The embedded fields mount with this ${S}; tokenize the card with this ${S} first.`,
      `must be the card this ${S} tokenized; a card this ${S} did not tokenize is refused.`,
      `make this ${S}'s one payment; one card payment of this ${S}; exactly one payment of this ${S}'s \`amount\``,
      `Not created: a racing request of this ${S} made it.`,
      `Dashboard ${S}s end after 12 hours idle; the ${S} cookie carries a random id; sign-in and ${S}s.`,
      `Every POST of a signed-in ${S} carries the CSRF token. The signed-in ${S}, or undefined.`,
      `another page of the same ${S}; a ${S} of mode \`payment\`; ends all of the user's ${S}s.`,
      `GET /dashboard/api/${S} answers 204; CHECKOUT_${S.toUpperCase()}_RETENTION_DAYS; invalid_${S}; ${S}_expired`,
      `kept in the tab's ${S}Storage; the ${S} secret \`listen\` prints; in one bash ${S}; in its own ${S}.`,
      `const ${S} = await signIn(gw); sessions.set(request, context); sessionOf(request).user`,
    ];
    const dir = tree({
      'docs/dashboard.md': product.join('\n') + '\n',
      'packages/server/src/checkout/service.ts': product.map((line) => `// ${line}`).join('\n') + '\n',
    });
    const { code, output } = runCheck(dir);
    expect(output).toMatch(/2 files checked, none names a session of work/);
    expect(code).toBe(0);
  });
});
