#!/usr/bin/env node
/**
 * `npm run lint`'s check that docs and code tell the project's history by date
 * and commit, never by the work sessions it was built in ("the eleventh
 * session", "this session", "session 5", "earlier sessions"): a reader of the
 * repository cannot look those up. Cite the date (UTC) and the commit instead,
 * and in code the heading of docs/benchmarks-history.md where the numbers are.
 *
 *   node scripts/check-history-references.mjs            the repository's docs and code
 *   node scripts/check-history-references.mjs PATH...    those files or directories
 *
 * Exits 1 and prints `file:line:column` for each reference found, 0 when there
 * is none. "Session" is also a word of the product (checkout sessions, the
 * dashboard's sign-in sessions, the session cookie, the session's token,
 * sessionStorage): the patterns below name a session by its order, its number
 * or its place in time, which the product never does, and ALLOWED masks the
 * product's own phrases that would match one ("this session tokenized").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(SELF), '..');

/** What is checked by default, relative to the repository's root (packages/* expanded). */
const DEFAULT_PATHS = ['README.md', 'docs', 'scripts', 'examples', 'packages/*/README.md', 'packages/*/src', 'packages/*/bench', 'packages/*/test'];

const EXTENSIONS = new Set(['.md', '.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '.html', '.css', '.yml', '.yaml', '.sh', '.txt']);
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.git']);

/** Between two words: white space, line breaks, and the comment or quote marks that start a wrapped line. */
const GAP = String.raw`(?:[\s*#>]|//)+`;
const ORDINAL =
  String.raw`(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|fortieth|` +
  String.raw`(?:twenty|thirty|forty)[-\s](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|\d+(?:st|nd|rd|th))`;
const SESSION = String.raw`sessions?\b`;
/** A word's start: not inside a word, nor after a hyphen ("signed-in session" is not "in session"). */
const START = String.raw`(?<![\w-])`;

/** Each way of naming a work session, with what it catches. */
export const PATTERNS = [
  // "the eleventh session", "Sixth and seventh sessions", "a tenth-session measurement", "the 12th session"
  { name: 'a session by its order', regex: new RegExp(String.raw`${START}${ORDINAL}(?:${GAP}|-)+${SESSION}`, 'gi') },
  // "session 5", "Session 17's final code", "sessions 4 and 5", "session #3"
  { name: 'a session by its number', regex: new RegExp(String.raw`${START}${SESSION}(?:${GAP}|-)*(?:#|no\.\s*|number${GAP})?\d+\b`, 'gi') },
  // "this session", "the previous session's", "earlier sessions", "the next session", "last session"
  {
    name: 'a session by its place in time',
    regex: new RegExp(
      String.raw`${START}(?:this|previous|earlier|last|next|later|prior|past|preceding|following)${GAP}(?:work(?:ing)?${GAP})?${SESSION}`,
      'gi',
    ),
  },
  // "in session", "since session", "during session" (no article: a session of work, not one of the product's)
  { name: 'a session as a time', regex: new RegExp(String.raw`${START}(?:in|since|during|until|before|after|across|between)${GAP}${SESSION}(?!['’]s)`, 'gi') },
  // "the session's merges", "the full runs of the session", "another job of the session"
  {
    name: 'a session by the work done in it',
    regex: new RegExp(
      String.raw`${START}the${GAP}session['’]s${GAP}(?:merges|changes|runs|full${GAP}runs?|work|measurements|starting${GAP}commit)\b|` +
        String.raw`${START}(?:merges|changes|runs|work|measurements|jobs?)${GAP}of${GAP}the${GAP}session\b`,
      'gi',
    ),
  },
  // "work session", "working sessions", "session-by-session", "two sessions ago"
  {
    name: 'a work session',
    regex: new RegExp(String.raw`${START}work(?:ing)?(?:${GAP}|-)+${SESSION}|${START}session-by-session\b|${START}${SESSION}${GAP}ago\b`, 'gi'),
  },
];

/**
 * The product's own phrases that one of the patterns would take for a work session: a
 * checkout session's token acts "with this session" and pays "this session's `amount`".
 * Each is masked before the patterns run.
 */
export const ALLOWED = [
  // The embedded fields mount "with this session"; its token pays "with this session first".
  new RegExp(String.raw`\bwith${GAP}this${GAP}session\b`, 'gi'),
  // "the card this session tokenized", "a card this session did not tokenize"
  new RegExp(String.raw`\bthis${GAP}session${GAP}(?:tokenized|did${GAP}not${GAP}tokenize)\b`, 'gi'),
  // "one card payment of this session", "a racing request of this session", "this session's one payment"
  new RegExp(String.raw`\b(?:payment|request)${GAP}of${GAP}this${GAP}session\b`, 'gi'),
  new RegExp(String.raw`\bthis${GAP}session(?:\\?['’]s)${GAP}(?:one${GAP}payment|\x60amount\x60)`, 'gi'),
];

/** The references in `text`, each with its line and column (1-based). */
export function findReferences(text) {
  let masked = text;
  for (const allowed of ALLOWED) masked = masked.replace(allowed, (phrase) => phrase.replace(/[^\n]/g, ' '));
  const found = [];
  for (const { name, regex } of PATTERNS) {
    for (const match of masked.matchAll(regex)) {
      const before = text.slice(0, match.index);
      const line = before.split('\n').length;
      const column = match.index - before.lastIndexOf('\n');
      found.push({ line, column, text: text.slice(match.index, match.index + match[0].length).replace(/\s+/g, ' '), pattern: name });
    }
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}

function expand(path) {
  // `packages/*/src`: each package's folder of that name.
  const star = path.indexOf('*');
  if (star < 0) return [path];
  const parent = path.slice(0, star).replace(/\/$/, '');
  const rest = path.slice(star + 1);
  let names;
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  return names.flatMap((name) => expand(`${parent}/${name}${rest}`));
}

function* files(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return;
  }
  if (stats.isFile()) {
    // This file quotes what it looks for.
    if (EXTENSIONS.has(extname(path)) && resolve(path) !== SELF) yield path;
    return;
  }
  if (!stats.isDirectory()) return;
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory() && SKIPPED_DIRECTORIES.has(entry.name)) continue;
    yield* files(join(path, entry.name));
  }
}

/** Checks `paths` (files or directories); prints each reference; returns how many files had one. */
export function check(paths, { base = process.cwd(), log = console.log } = {}) {
  let checked = 0;
  let failed = 0;
  for (const path of paths) {
    for (const file of files(path)) {
      checked += 1;
      const references = findReferences(readFileSync(file, 'utf8'));
      if (references.length === 0) continue;
      failed += 1;
      for (const { line, column, text, pattern } of references) {
        log(`${relative(base, file) || file}:${line}:${column}: "${text}" names a session of work, not a date or commit (${pattern})`);
      }
    }
  }
  return { checked, failed };
}

if (process.argv[1] && resolve(process.argv[1]) === SELF) {
  const args = process.argv.slice(2);
  const paths = args.length > 0 ? args.map((path) => resolve(path)) : DEFAULT_PATHS.flatMap((path) => expand(join(ROOT, path)));
  const { checked, failed } = check(paths, { base: args.length > 0 ? process.cwd() : ROOT });
  if (failed > 0) {
    console.log(
      `\n${failed} of ${checked} files name sessions of work. Say what a reader can look up instead: the date (UTC) and the commit,` +
        ' and in code the heading of docs/benchmarks-history.md ("2026-11-26, group commit on SQLite, ...").',
    );
    process.exit(1);
  }
  console.log(`history references: ${checked} file${checked === 1 ? '' : 's'} checked, none names a session of work.`);
}
