/**
 * The sandbox's test cards are listed in three places a merchant reads: the
 * sandbox network's own table (the behaviour), docs/sandbox.md ("Test cards"
 * and the 3-D Secure cards) and the dashboard's Sandbox page. A card added to
 * the network and not to the docs or the page (or left in them once removed)
 * is a card a merchant cannot find, or one that does nothing: the lists must be
 * the same set of numbers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THREE_DS_TEST_CARDS } from '../src/cards/three-ds.js';
import { TEST_CARDS } from '../src/connectors/card-network/simulator.js';

/** The dashboard's list, loaded by address: the server's TypeScript project does not take in the dashboard's files. */
interface SandboxCard {
  number: string;
  en: string;
  es: string;
}
const dashboardCards = async () =>
  ((await import(new URL('../../dashboard/src/sandbox-cards.ts', import.meta.url).href)) as { SANDBOX_CARDS: readonly SandboxCard[] }).SANDBOX_CARDS;

const sorted = (numbers: Iterable<string>) => [...numbers].sort();
const sandboxNumbers = sorted([...Object.keys(TEST_CARDS), ...Object.keys(THREE_DS_TEST_CARDS)]);

describe('the sandbox test cards', () => {
  it('docs/sandbox.md has a table row for every card of the sandbox network and its 3-D Secure directory, and no other', () => {
    const docs = readFileSync(new URL('../../../docs/sandbox.md', import.meta.url), 'utf8');
    const rows = [...docs.matchAll(/^\| `(\d{13,19})` \|/gm)].map((m) => m[1]!);
    expect(sorted(new Set(rows))).toEqual(sandboxNumbers);
    expect(rows).toHaveLength(new Set(rows).size);
  });

  it("the dashboard's Sandbox page lists the same cards, each described in English and Spanish", async () => {
    const SANDBOX_CARDS = await dashboardCards();
    expect(sorted(SANDBOX_CARDS.map((c) => c.number))).toEqual(sandboxNumbers);
    for (const card of SANDBOX_CARDS) {
      expect(card.en, card.number).not.toBe('');
      expect(card.es, card.number).not.toBe('');
      expect(card.es, card.number).not.toBe(card.en);
    }
  });
});
