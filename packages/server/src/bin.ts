#!/usr/bin/env node
/**
 * The `pasarela` command of the published package (`npx pasarela`):
 *
 *   pasarela [--port N] [--data-dir DIR] [--seed FILE]   the sandbox on SQLite (main.ts)
 *   pasarela cli <command> ...                           the operator CLI (cli/main.ts)
 *   pasarela mcp [--base-url URL] [--client-id ID --client-secret S | --token T]
 *                                                        an MCP server on stdio (mcp/main.ts)
 *
 * Each flag is also an environment variable (PORT, DATA_DIR, SEED_FILE; the
 * rest of docs/configuration.md applies as to `npm start`); a flag wins.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const USAGE = `usage:
  pasarela [--port N] [--data-dir DIR] [--seed FILE]
      the sandbox on SQLite (PORT, DATA_DIR, SEED_FILE; docs/configuration.md)
  pasarela cli <command> ...
      the operator CLI: clients create|list|revoke|pci, dashboard-users, keys reseal, listen --forward-to URL
  pasarela mcp [--base-url URL] [--client-id ID --client-secret S | --token T]
      a Model Context Protocol server on stdio for a coding agent (docs/mcp.md)
  pasarela --version | --help`;

function fail(text: string): never {
  process.stderr.write(`pasarela: ${text}\n${USAGE}\n`);
  process.exit(2);
}

const [first] = process.argv.slice(2);

if (first === 'cli' || first === 'mcp') {
  // Both read process.argv.slice(2): their own arguments, without the word that chose them.
  process.argv.splice(2, 1);
  await import(first === 'cli' ? './cli/main.js' : './mcp/main.js');
} else {
  let values: { port?: string; 'data-dir'?: string; seed?: string; help?: boolean; version?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (values.version) {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    process.stdout.write(`${manifest.version}\n`);
    process.exit(0);
  }
  if (values.port !== undefined) process.env.PORT = values.port;
  if (values['data-dir'] !== undefined) process.env.DATA_DIR = values['data-dir'];
  if (values.seed !== undefined) process.env.SEED_FILE = values.seed;
  await import('./main.js');
}
