/**
 * The test files of the mutation run (stryker.config.mjs, scripts/mutate.mjs,
 * docs/testing.md). Each group of money-critical files is tested by its own
 * test files (MUTATION_GROUP names the group): every gateway test reaches
 * the whole server, and a mutant runs each covering file's gateway start-up,
 * so the smallest set that tests a file keeps a run to minutes. Files run in
 * the order listed, the fast unit tests first: a mutant's run ends at its
 * first failing test.
 */
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from './vitest.config.js';
import { MUTATION_GROUPS } from './mutation-groups.mjs';

const group = MUTATION_GROUPS[process.env.MUTATION_GROUP ?? ''];
if (!group) throw new Error(`MUTATION_GROUP must be one of ${Object.keys(MUTATION_GROUPS).join(', ')} (scripts/mutate.mjs sets it)`);
const files: readonly string[] = group.tests;

class ListedOrder extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => files.indexOf(relative(process.cwd(), spec.moduleId));
    return [...specs].sort((a, b) => rank(a) - rank(b));
  }
}

// Not mergeConfig: it would add these to the suite's `include` instead of replacing it.
export default defineConfig({ test: { ...base.test, include: [...files], exclude: [], sequence: { sequencer: ListedOrder } } });
