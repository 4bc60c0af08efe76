/**
 * The server process runs without V8's allocation-site pretenuring (src/v8-flags.ts),
 * unless node was started with `--allocation-site-pretenuring`.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runtimeV8Flags } from '../src/v8-flags.js';

const FLAGS_MODULE = fileURLToPath(new URL('../dist/v8-flags.js', import.meta.url));

/**
 * Runs a workload whose objects, from one allocation site, outlive young-generation
 * collections (what makes V8 pretenure a site), under `--trace-pretenuring-statistics`,
 * and counts V8's pretenuring reports: none when the site's feedback is not collected.
 */
async function pretenuringReports(nodeArgs: string[], loadFlagsModule: boolean): Promise<number> {
  const script = `
    ${loadFlagsModule ? `await import(${JSON.stringify(FLAGS_MODULE)});` : ''}
    const ring = new Array(300000);
    function make(i) { return { a: i, b: i + 1 }; }
    for (let i = 0; i < 3000000; i++) ring[i % ring.length] = make(i);
    console.log('done', ring.length);
  `;
  const { stdout } = await promisify(execFile)(process.execPath, [...nodeArgs, '--trace-pretenuring-statistics', '--input-type=module', '-e', script], {
    timeout: 30_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(stdout).toContain('done 300000');
  return stdout.split('\n').filter((line) => line.includes('pretenuring:')).length;
}

describe('V8 flags of the server process', () => {
  it('turns pretenuring off unless the node options say otherwise', () => {
    expect(runtimeV8Flags([])).toEqual(['--no-allocation-site-pretenuring']);
    expect(runtimeV8Flags(['--max-old-space-size=512'])).toEqual(['--no-allocation-site-pretenuring']);
    expect(runtimeV8Flags(['--allocation-site-pretenuring'])).toEqual([]);
    expect(runtimeV8Flags(['--allocation_site_pretenuring'])).toEqual([]);
    expect(runtimeV8Flags(['--no-allocation-site-pretenuring'])).toEqual([]);
  });

  it('the module stops pretenuring in the process that loads it; --allocation-site-pretenuring keeps it', async () => {
    const [without, withModule, optedOut] = await Promise.all([
      pretenuringReports([], false),
      pretenuringReports([], true),
      pretenuringReports(['--allocation-site-pretenuring'], true),
    ]);
    expect(without).toBeGreaterThan(0);
    expect(withModule).toBe(0);
    expect(optedOut).toBeGreaterThan(0);
  });

  it('main.ts loads it before anything else', () => {
    const main = readFileSync(fileURLToPath(new URL('../src/main.ts', import.meta.url)), 'utf8');
    const firstImport = /^import\s[^;]*;/m.exec(main)?.[0];
    expect(firstImport).toBe("import './v8-flags.js';");
  });
});
