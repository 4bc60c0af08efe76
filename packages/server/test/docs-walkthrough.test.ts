/**
 * The docs' walk-throughs, run as a reader pastes them: the shell blocks of
 * README.md ("A first call in curl"), docs/sandbox.md ("Walk-through: a
 * first card payment", then "More scenarios"; the cash walk-through) and docs/ledger.md ("Walk-through") marked `<!-- doc-test NAME: STATUS... -->`, in order,
 * in one bash session with the real curl, openssl and node, against a fresh
 * server. Each block must answer the HTTP statuses its marker lists, so the
 * docs cannot drift from the product.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { provisionClient } from '../src/auth/clients.service.js';
import { dialects } from './support/dialects.js';
import { testEnv } from './support/gateway.js';
import { freePort } from './support/process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

interface Block {
  /** The marker's line in the file (1-based), for failure messages. */
  line: number;
  statuses: number[];
  code: string;
}

/** The marked shell blocks of a file, in order. */
function markedBlocks(file: string, name: string): Block[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const blocks: Block[] = [];
  const marker = /<!-- doc-test ([\w-]+)(?::([\d ]+))? -->\n```sh\n([\s\S]*?)\n```/g;
  for (const m of text.matchAll(marker)) {
    if (m[1] !== name) continue;
    blocks.push({ line: text.slice(0, m.index).split('\n').length, statuses: (m[2] ?? '').trim().split(/\s+/).filter(Boolean).map(Number), code: m[3]! });
  }
  return blocks;
}

/**
 * Runs the blocks in one bash session. `curl` is wrapped to report each
 * answer's status on stderr (the body stays on stdout, as the docs use it);
 * after each block a line separates the statuses of the next.
 */
async function runBlocks(blocks: Block[], substitute: (code: string) => string) {
  const script = [
    'set -o pipefail',
    `curl() { command curl -w '%{stderr}DOC_TEST_STATUS %{http_code}\\n' "$@"; }`,
    ...blocks.flatMap((b, i) => [substitute(b.code), `echo "DOC_TEST_BLOCK ${i}" >&2`]),
  ].join('\n');
  // Asynchronous: the server answers from this process.
  const child = spawn('bash', ['-c', script], { cwd: mkdtempSync(join(tmpdir(), 'pasarela-docs-')), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const run = { status, stdout, stderr };
  const statuses: number[][] = [[]];
  for (const line of run.stderr.split('\n')) {
    const status = /^DOC_TEST_STATUS (\d+)$/.exec(line);
    if (status) statuses.at(-1)!.push(Number(status[1]));
    if (/^DOC_TEST_BLOCK \d+$/.test(line)) statuses.push([]);
  }
  return { ...run, statuses: statuses.slice(0, blocks.length) };
}

describe.each(dialects)("the docs' walk-throughs on $name", (dialect) => {
  let gateway: Gateway;
  let base: string;
  let client: { id: string; secret: string };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The defaults a reader's `npm start` has (automatic capture after 180 s), and its own address as the audience.
    gateway = await createGateway(loadConfig(await testEnv(dialect, { PUBLIC_BASE_URL: base })));
    await gateway.app.listen({ port, host: '127.0.0.1' });
    const made = await provisionClient(gateway.database.db, { name: 'docs', pciSaqD: false }, gateway.clock);
    client = { id: made.client_id, secret: made.client_secret.reveal() };
  });
  afterAll(() => gateway.close());

  it('README.md: the first calls in curl', async () => {
    const blocks = markedBlocks('README.md', 'readme-first-calls');
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const run = await runBlocks(blocks, (code) =>
      code
        .replaceAll('http://localhost:8080', base)
        .replace(/cli-01m8095chwj9g4rkgbq563q94y|cli-\.\.\./g, client.id)
        .replace(/MgrRzCXlDdUlzmAsfetEGxwl-fVdoQuL4gXTC2z9rnY|(?<="client_secret":")\.\.\.(?=")/g, client.secret),
    );
    expect(run.status, run.stderr).toBe(0);
    expect(blocks.map((b) => `README.md:${b.line} ${b.statuses.join(' ')}`)).toEqual(blocks.map((b, i) => `README.md:${b.line} ${run.statuses[i]!.join(' ')}`));
    expect(run.stdout).toContain('"name":"Tienda Norte"');
  }, 60_000);

  it('docs/sandbox.md: the first card payment, captured by advancing the test clock, refunded; then "More scenarios" in the same shell', async () => {
    const first = markedBlocks('docs/sandbox.md', 'sandbox-first-payment');
    expect(first.length).toBeGreaterThanOrEqual(10);
    const more = markedBlocks('docs/sandbox.md', 'sandbox-more-scenarios');
    expect(more.length).toBeGreaterThanOrEqual(7);
    const blocks = [...first, ...more];
    const run = await runBlocks(blocks, (code) =>
      code
        .replace(/^BASE=.*$/m, `BASE=${base}`)
        .replace(/^CLIENT_ID=.*$/m, `CLIENT_ID=${client.id}`)
        .replace(/^CLIENT_SECRET=.*$/m, `CLIENT_SECRET=${client.secret}`),
    );
    expect(run.status, run.stderr).toBe(0);
    expect(blocks.map((b) => `docs/sandbox.md:${b.line} ${b.statuses.join(' ')}`)).toEqual(
      blocks.map((b, i) => `docs/sandbox.md:${b.line} ${run.statuses[i]!.join(' ')}`),
    );
    // `show` pretty-prints each answer on stderr: the capture ran, and the payment ends REFUNDED.
    expect(run.stderr).toContain('"type": "payment.capture"');
    expect(run.stderr).toContain('"amount_captured": "150000.00"');
    expect(run.stderr).toContain('"status": "REFUNDED"');
    expect(run.stderr).toContain('"code": "refund_exceeds_captured"');
    // More scenarios: the declined card, the chargeback its capture opened, the rejected refund, the refund that failed
    // at the look four days on, the pending card approved.
    expect(run.stderr).toContain('"response_code": "51"');
    expect(run.stderr).toMatch(/"reason_code": "10\.4"/);
    expect(run.stderr).toContain('"response_code": "57"');
    expect(run.stderr).toMatch(/"type": "refund\.confirm"[\s\S]*"status": "REJECTED",\s*"response_code": "54"/);
    expect(run.stderr).toMatch(/"status": "PENDING",\s*"response_code": "09"[\s\S]*"status": "APPROVED",\s*"response_code": "00"/);
  }, 60_000);

  it('docs/sandbox.md: a cash payment paid at the store, paid again (409), and one that expires', async () => {
    const blocks = markedBlocks('docs/sandbox.md', 'sandbox-cash');
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    // Its own organization: the blocks move its test clock and add to its balance.
    const made = await provisionClient(gateway.database.db, { name: 'docs-cash', pciSaqD: false }, gateway.clock);
    const own = { id: made.client_id, secret: made.client_secret.reveal() };
    const setup = `BASE=${base}
show() {
  node -e 'const v = JSON.parse(require("fs").readFileSync(0, "utf8"));
    console.error(JSON.stringify(v, null, 2));
    if (process.argv[1]) console.log(v[process.argv[1]]);' "$1"
}
TOKEN=$(curl -s $BASE/oauth/token -H 'content-type: application/json' -d '{"grant_type": "client_credentials", "client_id": "${own.id}", "client_secret": "${own.secret}", "audience": "${base}"}' | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).access_token)')`;
    const run = await runBlocks([{ line: 0, statuses: [200], code: setup }, ...blocks], (code) => code);
    expect(run.status, run.stderr).toBe(0);
    expect(blocks.map((b) => `docs/sandbox.md:${b.line} ${b.statuses.join(' ')}`)).toEqual(
      blocks.map((b, i) => `docs/sandbox.md:${b.line} ${run.statuses[i + 1]!.join(' ')}`),
    );
    expect(run.stdout).toContain('APPROVED');
    expect(run.stderr).toContain('"code": "cash_reference_paid"');
    expect(run.stderr).toContain('"code": "payment_finished"');
  }, 60_000);

  it('docs/ledger.md: a rail payment and a cashout, followed through the balance, its entries, the settlement and the payout that paid them', async () => {
    const blocks = markedBlocks('docs/ledger.md', 'ledger-walk');
    expect(blocks.length).toBeGreaterThanOrEqual(11);
    // Its own organization: the balances it reads start at zero, whatever the card walk-throughs paid.
    const made = await provisionClient(gateway.database.db, { name: 'docs-ledger', pciSaqD: false }, gateway.clock);
    const run = await runBlocks(blocks, (code) =>
      code
        .replace(/^BASE=.*$/m, `BASE=${base}`)
        .replace(/^CLIENT_ID=.*$/m, `CLIENT_ID=${made.client_id}`)
        .replace(/^CLIENT_SECRET=.*$/m, `CLIENT_SECRET=${made.client_secret.reveal()}`),
    );
    expect(run.status, run.stderr).toBe(0);
    expect(blocks.map((b) => `docs/ledger.md:${b.line} ${b.statuses.join(' ')}`)).toEqual(
      blocks.map((b, i) => `docs/ledger.md:${b.line} ${run.statuses[i]!.join(' ')}`),
    );
    expect(run.stdout).toContain('SUCCEEDED');
    expect(run.stderr).toContain('"pending": "50000.00"');
    expect(run.stderr).toContain('"pending": "30000.00"');
    expect(run.stderr).toContain('"credit": "processor_clearing"');
    // Settled at the end of the day, paid out, arrived; the report's rows are the payment and the cashout.
    expect(run.stderr).toContain('"type": "settlement.run"');
    expect(run.stderr).toContain('"net": "30000.00"');
    expect(run.stdout).toContain('paid');
    expect(run.stdout).toMatch(/^balance_transaction_id,created_at,type,payment_id,order_id,currency,gross,fee,net,settlement_id,payout_id\r$/m);
    expect(run.stdout).toMatch(/,payment,pay-\w+,ledger-walk-1,COP,50000\.00,0\.00,50000\.00,stl-\w+,po-\w+\r$/m);
    expect(run.stdout).toMatch(/,cashout,pay-\w+,ledger-walk-1,COP,-20000\.00,0\.00,-20000\.00,stl-\w+,po-\w+\r$/m);
    // A card payment's chargeback, with its dispute fee and the fee's entry.
    expect(run.stderr).toMatch(/"fee": \{\s*"amount": "45000\.00",\s*"currency": "COP"/);
    expect(run.stderr).toContain('"type": "chargeback_fee"');
    expect(run.stderr).toContain('"net": "-45000.00"');
    expect(run.stderr).toContain('"reserved": "200000.00"');
  }, 60_000);
});
