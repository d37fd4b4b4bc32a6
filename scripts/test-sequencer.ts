// The order test files start in: longest first, so that no long file starts near the end and
// runs on alone while the other workers sit idle (on CI's two cores, the a11y audits took about
// 10 minutes of such a tail: vitest's default order, on a machine with no results cache, runs
// projects by name and the largest files first, and the audits are among the smallest files).
//
// A file's expected seconds: vitest's own results cache when it has one (a developer's machine),
// else scripts/test-durations.json (measured on a whole run, written by the summary reporter
// with TEST_DURATIONS_FILE=scripts/test-durations.json), else the median of its project's known
// files (a new e2e file is likely as long as the other e2e files). Ties: the larger file first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

const DURATIONS_FILE = new URL('./test-durations.json', import.meta.url);

/** Seconds per "project:relative/path", as the summary reporter writes them. */
function committedDurations(): Map<string, number> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(DURATIONS_FILE, 'utf8'));
    if (parsed === null || typeof parsed !== 'object') return new Map();
    return new Map(
      Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'),
    );
  } catch {
    return new Map();
  }
}

/** The median of the known seconds of each project's files. */
function projectMedians(
  known: [project: string, seconds: number | undefined][],
): Map<string, number> {
  const byProject = new Map<string, number[]>();
  for (const [project, seconds] of known) {
    if (seconds === undefined) continue;
    byProject.set(project, [...(byProject.get(project) ?? []), seconds]);
  }
  return new Map(
    [...byProject].map(([project, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return [project, sorted[Math.floor(sorted.length / 2)] ?? 0];
    }),
  );
}

export default class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const committed = committedDurations();
    const root = this.ctx.config.root;
    const keyOf = (spec: TestSpecification) =>
      `${spec.project.name}:${path.relative(root, spec.moduleId)}`;
    const expected = (spec: TestSpecification): number | undefined => {
      const cached = this.ctx.cache.getFileTestResults(keyOf(spec));
      if (cached !== undefined) return cached.duration / 1000;
      return committed.get(keyOf(spec));
    };
    const medians = projectMedians(files.map((spec) => [spec.project.name, expected(spec)]));
    const estimate = (spec: TestSpecification) =>
      expected(spec) ?? medians.get(spec.project.name) ?? 0;
    const size = (spec: TestSpecification) => this.ctx.cache.getFileStats(keyOf(spec))?.size ?? 0;
    return Promise.resolve(
      [...files].sort((a, b) => estimate(b) - estimate(a) || size(b) - size(a)),
    );
  }
}
