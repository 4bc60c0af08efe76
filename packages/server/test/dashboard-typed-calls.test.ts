/**
 * The dashboard reaches the gateway's /v1 API only through the typed client
 * (`gateway` in packages/dashboard/src/api.ts, docs/dashboard.md "Calling
 * the API"): its methods know each operation's path, method and types. No
 * other dashboard file writes a /v1 path in a string or template literal, or
 * calls a raw HTTP helper (`request`, `v1`, `download`, `fetch`) that would
 * take one: such a call compiles whatever the path says. Comments may name
 * routes. Read with the TypeScript parser, so a path in a comment or JSX text
 * is not mistaken for a literal and a literal split over a template is not
 * missed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../dashboard/src');
/** The one file that builds the client and calls the dashboard's own session endpoints. */
const DOOR = 'api.ts';
/**
 * Functions that take a free path: a page that needs the API calls
 * `gateway.<resource>.<operation>(...)` instead. Called by name; `fetch` also
 * as a method (`window.fetch`).
 */
const RAW_CALLS = new Set(['request', 'v1', 'download', 'fetch']);
/** A /v1 path segment: `/v1`, `/v1/...`, `/v1?...`, alone or after a prefix (`/dashboard/api/v1/...`). */
const V1_PATH = /\/v1(?=$|[/?#])/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every breach of the rule in one file's text, as `line: what`. */
export function rawV1Calls(text: string, name = 'page.tsx'): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    let literal: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node)) literal = [node.head.text, ...node.templateSpans.map((s) => `\${}${s.literal.text}`)].join('');
    if (literal !== undefined && V1_PATH.test(literal)) found.push(`${at(node)}: a /v1 path literal ${JSON.stringify(literal)}`);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const named = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) && callee.name.text === 'fetch' ? 'fetch' : undefined;
      if (named !== undefined && RAW_CALLS.has(named)) found.push(`${at(node)}: a raw call ${named}(...)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the dashboard calls the API only through the typed client', () => {
  it('no dashboard file but api.ts writes a /v1 path or calls request, v1, download or fetch', () => {
    const files = sourceFiles(SRC).filter((path) => relative(SRC, path) !== DOOR);
    expect(files.map((path) => relative(SRC, path).split(sep).join('/'))).toEqual(expect.arrayContaining(['App.tsx', 'pages/Payments.tsx']));
    const breaches = files.flatMap((path) => rawV1Calls(readFileSync(path, 'utf8'), path).map((b) => `${relative(SRC, path)}:${b}`));
    expect(breaches).toEqual([]);
  });

  it('api.ts exports no helper that takes a /v1 path: only `gateway` and the session endpoints of `api`', () => {
    const text = readFileSync(join(SRC, DOOR), 'utf8');
    expect(text).toMatch(/export const gateway = new Pasarela\(/);
    expect(text).not.toMatch(/export (async )?function (v1|request|download)\b/);
  });

  it('the check finds what it forbids, and lets comments, JSX text and the typed client through', () => {
    expect(rawV1Calls("const p = await v1('payments.capture', 'POST', `/payments/${id}/capture`);")).toEqual(['1: a raw call v1(...)']);
    expect(rawV1Calls("request('GET', '/v1/sandbox/sms', undefined, { phone_number: n });")).toEqual([
      '1: a raw call request(...)',
      '1: a /v1 path literal "/v1/sandbox/sms"',
    ]);
    expect(rawV1Calls('const url = `/dashboard/api/v1/reports/${id}/download`;')).toEqual(['1: a /v1 path literal "/dashboard/api/v1/reports/${}/download"']);
    expect(rawV1Calls("const base = '/v1';\nwindow.fetch(base + '/payments');")).toEqual(['1: a /v1 path literal "/v1"', '2: a raw call fetch(...)']);
    expect(rawV1Calls('const { blob } = await download(path);')).toEqual(['1: a raw call download(...)']);
    const allowed = [
      '/** Lists GET /v1/payments, newest first. */',
      '// PUT /v1/routing replaces the rules whole.',
      'const list = useLoad(() => gateway.payments.list({ limit: 50 }), []);',
      'const file = await gateway.reports.download(report.id);',
      "const home = '/dashboard/payments'; const other = 'x/v10/y';",
      'export const Page = () => <p title="hint">See /v1/balance in the API reference</p>;',
    ].join('\n');
    expect(rawV1Calls(allowed)).toEqual([]);
  });
});
